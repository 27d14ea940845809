import type { CheckContext } from '../checks/check.js';
import { summarize } from '../engine/run-suites.js';
import type { Exchange, RunResult } from '../model/index.js';
import type { Suite } from '../suite/suite.js';
import { PassiveJudge } from './passive-judge.js';

export interface TrafficSource {
  /** How the report names the traffic (the cassette's path). */
  name: string;
  exchanges: AsyncIterable<Exchange> | Iterable<Exchange>;
}

/** Passive conformance: every rule with a `passive:` block, judged over recorded exchanges in one pass. */
export async function checkTraffic(
  suites: Suite[],
  source: TrafficSource,
  ctx: CheckContext,
  selection: { rules?: string[] } = {},
): Promise<RunResult> {
  const startedAt = new Date().toISOString();
  const judges = suites.flatMap((suite) =>
    suite.rules
      .filter((rule) => rule.passive && (!selection.rules?.length || selection.rules.includes(rule.id)))
      .map((rule) => new PassiveJudge(rule, suite, ctx)),
  );
  for await (const exchange of source.exchanges) {
    const body = parseBody(exchange);
    for (const judge of judges) judge.offer(exchange, body);
  }
  const results = judges.map((judge) => judge.result());
  return {
    tool: { name: 'graphcheck', version: '0.1.0' },
    target: { baseUrl: source.name, source: `cassette ${source.name}` },
    seed: 0,
    startedAt,
    finishedAt: new Date().toISOString(),
    summary: summarize(results),
    results,
  };
}

function parseBody(exchange: Exchange): unknown {
  const response = exchange.response;
  if (!response || response.bodyEncoding === 'base64' || response.body === '') return undefined;
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

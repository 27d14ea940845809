import { CannotJudgeError } from '../../errors.js';
import type { SentExchange } from '../../client/send.js';
import { type Step, stepKind } from '../../suite/suite.js';
import { evaluate, type Scope } from '../../suite/template.js';
import { buildRequest } from '../build-request.js';
import type { RunContext } from '../run-context.js';
import type { StepOutcome } from '../step-outcome.js';

const DEFAULT_MAX_PAGES = 50;

/** Performs one step. Checks are applied by the caller; this only talks to the target. */
export async function runStep(step: Step, scope: Scope, ctx: RunContext): Promise<StepOutcome> {
  const outcome: StepOutcome = { exchanges: [], bodies: [], meta: {} };
  const keep = (sent: SentExchange) => {
    outcome.exchanges.push(sent.exchange);
    outcome.bodies.push(sent.json);
    ctx.evidence.sink.push(sent.exchange);
  };
  switch (stepKind(step)) {
    case 'request': {
      const { request } = step as Extract<Step, { request: unknown }>;
      keep(await ctx.client.send(buildRequest(request, scope, ctx)));
      break;
    }
    case 'walk': {
      const { walk } = step as Extract<Step, { walk: unknown }>;
      await runWalk(walk, scope, ctx, keep, outcome);
      break;
    }
    case 'parallel': {
      const { parallel } = step as Extract<Step, { parallel: unknown }>;
      const count = Number(evaluate(parallel.count, scope));
      const requests = Array.from({ length: count }, () => buildRequest(parallel.request, scope, ctx));
      for (const sent of await Promise.all(requests.map((r) => ctx.client.send(r)))) keep(sent);
      break;
    }
    case 'repeat': {
      const { repeat } = step as Extract<Step, { repeat: unknown }>;
      const count = Number(evaluate(repeat.count, scope));
      const gap = repeat.advance_between === undefined ? 0 : Number(evaluate(repeat.advance_between, scope));
      for (let i = 0; i < count; i++) {
        if (i > 0 && gap > 0) await ctx.control.advance(gap);
        keep(await ctx.client.send(buildRequest(repeat.request, scope, ctx)));
      }
      break;
    }
    case 'clock': {
      const { clock } = step as Extract<Step, { clock: unknown }>;
      outcome.meta.now = await ctx.control.advance(Number(evaluate(clock.advance, scope)));
      break;
    }
    case 'authorize': {
      const { authorize } = step as Extract<Step, { authorize: unknown }>;
      const query = evaluate(authorize.query, scope) as Record<string, unknown>;
      const strings = Object.fromEntries(
        Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]),
      );
      const sent = await ctx.control.authorize(strings, authorize.decision);
      outcome.exchanges.push(sent.exchange);
      outcome.bodies.push(sent.json);
      break;
    }
  }
  return outcome;
}

async function runWalk(
  walk: Extract<Step, { walk: unknown }>['walk'],
  scope: Scope,
  ctx: RunContext,
  keep: (sent: SentExchange) => void,
  outcome: StepOutcome,
): Promise<void> {
  const maxPages = walk.max_pages ?? DEFAULT_MAX_PAGES;
  let sent = await ctx.client.send(buildRequest(walk.request, scope, ctx));
  keep(sent);
  for (let page = 1; ; page++) {
    const next = (sent.json as { paging?: { next?: unknown } } | undefined)?.paging?.next;
    if (typeof next !== 'string' || next === '') return;
    if (page >= maxPages) {
      outcome.meta.truncated = true;
      return;
    }
    const url = new URL(next);
    // Contract §3.4: the token may be carried in `next` or supplied again by the suite.
    const token = url.searchParams.has('access_token') ? null : buildRequest(walk.request, scope, ctx).token;
    sent = await ctx.client.send({ method: 'GET', base: 'url', path: next, version: null, token });
    keep(sent);
  }
}

export function assertJsonBodies(outcome: StepOutcome, expectsJson: boolean): void {
  if (!expectsJson) return;
  outcome.exchanges.forEach((exchange, i) => {
    const status = exchange.response?.status ?? 0;
    const success = status >= 200 && status < 300;
    if (success && outcome.bodies[i] === undefined && exchange.kind !== 'control') {
      const type = exchange.response?.headers['content-type'] ?? 'no content type';
      throw new CannotJudgeError(
        'TARGET_GARBAGE',
        `${exchange.request.method} ${exchange.request.url.split('?')[0]} answered HTTP ${status} (${type}) without a JSON body`,
      );
    }
  });
}

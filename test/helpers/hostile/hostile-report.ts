import type { RuleResult, RunResult } from '../../../harness/model/index.js';
import { echoOf, HOSTILE_TEXT } from './planted.js';

/** The secret a hostile shard carries: in an evidence URL and header (where it can be told), echoed everywhere. */
export const SHARD_SECRET = 'EAAShardPlantedToken77Kx';

const SEED = 4242;

/** A failed rule whose every string is hostile; `known`: the baseline expects its failure (its reason planted too). */
function hostileRule(rule: string, suite: string, known: boolean): RuleResult {
  const echo = echoOf(SHARD_SECRET);
  return {
    rule,
    suite,
    title: `Planted \`<img src=x onerror="window.__pwned=1">\` title \`code\` ${echo}`,
    strength: 'MUST',
    verdict: 'failed',
    reason: echo,
    cites: [{ section: echo, text: `\`${HOSTILE_TEXT}\` ${echo}` }],
    readings: [echo],
    runs: 1,
    judged: 1,
    counterexample: { limit: echo, nested: [{ deeper: echo }] },
    findings: [{ check: echo, message: echo, exchange: 0, expected: { [echo]: [echo] }, actual: echo }],
    evidence: [
      {
        kind: 'api',
        request: {
          method: 'GET',
          url: `https://graph.hostile.invalid/v25.0/2000001/feed?access_token=${SHARD_SECRET}&note=${HOSTILE_TEXT}`,
          headers: { authorization: `Bearer ${SHARD_SECRET}`, [`x-${HOSTILE_TEXT}`]: echo },
          body: echo,
        },
        response: { status: 200, headers: { 'x-echo': echo }, body: echo },
        error: { code: echo, message: echo },
        startedAt: echo,
        durationMs: 1,
      },
    ],
    replay: `graphcheck run --rule ${rule} --seed ${SEED} ${echo}`,
    durationMs: 1,
    ...(known ? { known: echo } : {}),
  };
}

/**
 * Shard `index` of 2 of one run, as someone who controls the CI artifacts could write it: valid against
 * schemas/report.schema.json, every string of it hostile, the secret in each.
 */
export function hostileShard(index: 1 | 2): RunResult {
  const echo = echoOf(SHARD_SECRET);
  const rule = index === 1 ? hostileRule('feed.get-limit-over-100-refused', 'feed', false) : hostileRule('feed.post-returns-id', 'feed', true);
  return {
    tool: { name: 'graphcheck', version: '0.1.0' },
    target: { baseUrl: echo, source: echo },
    seed: SEED,
    startedAt: echo,
    finishedAt: echo,
    summary: { passed: 0, failed: 1, warned: 0, skipped: 0, error: 0, known: 0 },
    results: [rule],
    gate: { strict: false, allowStale: false, baseline: { file: echo, entries: [{ rule: echo, verdict: 'failed', reason: echo, ran: 1, passed: 1 }] } },
    shard: { index, count: 2 },
    notCheckable: [{ suite: echo, what: echo, cites: [{ section: echo, text: echo }], why: echo }],
  };
}

/** Shards a schema refuses, each as (what is wrong, the place the message names, the document). */
export function brokenShards(): Array<{ what: string; place: string; report: unknown }> {
  // A shard broken on purpose has no type: any lets each case say in one line what it breaks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Loose = Record<string, any>;
  const with_ = (change: (r: Loose) => void) => {
    const report = structuredClone(hostileShard(1)) as unknown as Loose;
    change(report);
    return report;
  };
  return [
    { what: 'a seed that is text', place: '/seed', report: with_((r) => (r.seed = '<script>')) },
    { what: 'results that are no list', place: '/results', report: with_((r) => (r.results = { x: 1 })) },
    { what: 'findings that are text', place: '/results/0/findings', report: with_((r) => (r.results[0].findings = 'oops')) },
    { what: 'headers that are a number', place: '/results/0/evidence/0/request/headers', report: with_((r) => (r.results[0].evidence[0].request.headers = 5)) },
    { what: 'a rule id no suite can hold', place: '/results/0/rule', report: with_((r) => (r.results[0].rule = '`<img src=x onerror=alert(1)>`')) },
    { what: 'an unknown verdict', place: '/results/0/verdict', report: with_((r) => (r.results[0].verdict = 'pwned')) },
    { what: 'an unknown field', place: '/results/0/script', report: with_((r) => (r.results[0].script = '<script>')) },
    { what: 'a tool that is not graphcheck', place: '/tool/name', report: with_((r) => (r.tool.name = 'other')) },
  ];
}

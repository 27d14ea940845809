import type { RuleResult, RunResult } from '../model/index.js';

/**
 * Who wrote a text a report shows, which decides what the output edge does to it:
 * - `kit`: graphcheck's own words (rule ids, titles, citations, the tool's name, counts): never redacted;
 * - `others`: what came from the target, the traffic or the user's files (evidence, values a check quoted, a
 *   baseline's reasons): every secret replaced, wherever it stands;
 * - `mixed`: the kit's sentence around others' words (a finding's message, a reason, a cause, a replay line):
 *   secrets replaced except inside the kit's own words (harness/redaction/kit-words.ts).
 * Text is made inert whoever wrote it.
 */
export type Owner = 'kit' | 'others' | 'mixed';

type Element<T> = T extends readonly (infer E)[] ? E : T;

/** One owner for a whole value, or (for an object) one per field, every field named. */
export type Ownership<T> = Owner | (T extends object ? { [K in keyof T]-?: Ownership<Element<NonNullable<T[K]>>> } : never);

/** Who wrote each field of a rule's result. A field added to `RuleResult` must be placed here (the type says so). */
const RESULT_FIELDS: Ownership<RuleResult> = {
  rule: 'kit',
  suite: 'kit',
  title: 'kit',
  strength: 'kit',
  verdict: 'kit',
  reason: 'mixed',
  cites: 'kit',
  readings: 'kit',
  runs: 'kit',
  runsCapped: 'kit',
  judged: 'kit',
  cause: 'mixed',
  // Generated values, but a property rule may draw a token the profile names among them.
  counterexample: 'others',
  // A sequence's story: the kit's operation names and numbers around the target's ids, request lines and answers.
  sequence: {
    operations: { number: 'kit', operation: 'kit', args: 'others', requests: 'others', outcome: 'others', exchanges: 'kit' },
    failedAt: 'kit',
    model: 'others',
    expected: 'others',
    actual: 'others',
    finding: 'mixed',
  },
  findings: { check: 'kit', message: 'mixed', exchange: 'kit', expected: 'others', actual: 'others' },
  evidence: 'others',
  replay: 'mixed',
  durationMs: 'kit',
  // The baseline's reason: the user's file.
  known: 'others',
  rateLimited: 'kit',
};

/** Who wrote each field of a run's result. */
export const RUN_FIELDS = {
  tool: 'kit',
  // The target's address is the user's (a profile's); how it was named, the user's flags among the kit's words.
  target: { baseUrl: 'others', source: 'mixed' },
  seed: 'kit',
  startedAt: 'kit',
  finishedAt: 'kit',
  summary: 'kit',
  results: RESULT_FIELDS,
  gate: {
    strict: 'kit',
    allowStale: 'kit',
    // The baseline file's name and its entries' rule patterns (ids, globs) among the kit's words; reasons, the user's.
    baseline: { file: 'mixed', entries: { rule: 'mixed', verdict: 'kit', reason: 'others', ran: 'kit', passed: 'kit' } },
  },
  shard: 'kit',
  notCheckable: 'kit',
  secretsShown: 'kit',
} as const satisfies Ownership<RunResult>;

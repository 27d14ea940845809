import type { Exchange } from './exchange.js';

export type Verdict = 'passed' | 'failed' | 'skipped' | 'error';
export type Strength = 'MUST' | 'SHOULD';

/** The spec sentence a rule enforces, quoted, with its section. */
export interface Citation {
  section: string;
  text: string;
}

/** One thing a check found wrong. `exchange` indexes the rule result's `evidence`. */
export interface Finding {
  check: string;
  message: string;
  exchange?: number;
  expected?: unknown;
  actual?: unknown;
}

/**
 * What a failure or an error comes from, shared by the rules it broke: `key` is computed from data (the endpoint a
 * refused request went to, where its parameters were and the answer; a preflight problem's profile field; a
 * finding's check and endpoint), `title` is the headline reports open with. Reports group rules by key, so the
 * shards of one run merged later regroup alike.
 */
export interface RuleCause {
  key: string;
  title: string;
}

export interface RuleResult {
  rule: string;
  suite: string;
  title: string;
  strength: Strength;
  verdict: Verdict;
  /** Why a rule was skipped or errored, or a one-line summary of the failure. */
  reason?: string;
  cites: Citation[];
  readings: string[];
  /** Property runs used (the rule's `runs:`, raised to `--runs` when that was given, cut by its `max_runs:`). */
  runs?: number;
  /** Set when the rule's `max_runs:` ceiling cut the runs asked for (`--runs` or the default). */
  runsCapped?: RunsCap;
  /**
   * Assertions that judged something, over every execution of the rule: an expectation over an empty list, or a
   * refusal without an accepted positive control, judged nothing. Absent for rules that never ran (skipped).
   */
  judged?: number;
  /** What the failure or error comes from, as rules sharing it are grouped (failed and error verdicts only). */
  cause?: RuleCause;
  /** The shrunk generated values that made the rule fail. */
  counterexample?: unknown;
  /** A sequence rule's failure as a story: the shrunk sequence's operations, and what the model expected at the last. */
  sequence?: SequenceStory;
  findings: Finding[];
  evidence: Exchange[];
  /** The command line that replays this rule. */
  replay: string;
  durationMs: number;
  /** The baseline's reason, when the baseline expects exactly this verdict of the rule (a known failure or skip). */
  known?: string;
  /** The target's rate limits (80001, 80008, HTTP 429) the rule's requests waited out: how often, how long in all. */
  rateLimited?: { waits: number; waitedMs: number };
}

/**
 * How a generated sequence of operations failed (`harness/sequence/`), shrunk to the shortest that still fails: each
 * operation in order with its requests and answers, then at the one that failed what the model held and expected,
 * what came back, and the finding. The replay line runs exactly this sequence again.
 */
export interface SequenceStory {
  operations: SequenceStep[];
  /** The number of the operation that failed (the last). */
  failedAt: number;
  /** The model as it stood at the failing operation, a line per collection. */
  model: string[];
  expected?: string;
  actual?: string;
  finding: string;
}

export interface SequenceStep {
  /** 1, 2, ...: its place in the sequence. */
  number: number;
  operation: string;
  /** Its generated values and the items it picked, in words. */
  args?: string;
  /** `POST /2000001_161/comments`: the request line of each exchange. */
  requests: string[];
  /** `HTTP 200 {"id":"9000012"}`, or a count of answers for a walk. */
  outcome: string;
  /** Indexes into the rule result's evidence. */
  exchanges: number[];
}

/** A rule's ceiling on property runs, as it bit: the runs asked for, the ceiling, and the suite's reason. */
export interface RunsCap {
  at: number;
  asked: number;
  reason: string;
}

/** Counts by standing (harness/run/gate.ts): each rule is counted once. */
export interface RunSummary {
  passed: number;
  /** MUST failures, and SHOULD failures under `--strict`; none the baseline expects. */
  failed: number;
  /** SHOULD failures: warnings, unless `--strict`. */
  warned: number;
  skipped: number;
  error: number;
  /** Failures, skips and errors the baseline expects. */
  known: number;
}

/** What one baseline entry met in a run: how many rules it matched ran, and how many of them passed. */
export interface BaselineOutcome {
  rule: string;
  verdict: Verdict;
  reason: string;
  ran: number;
  passed: number;
}

/** A documented rule a black-box run cannot check, from a suite's `not_checkable` list. */
export interface NotCheckable {
  suite: string;
  what: string;
  cites: Citation[];
  why: string;
}

/**
 * What judging a run's rules hands back, before any report is made of it: each rule's result in the run's order,
 * when the rules ran, and what they ran against. The run's result is built of it once, in the reporting tail.
 */
export interface RulesRun {
  target: { baseUrl: string; source: string };
  startedAt: string;
  finishedAt: string;
  results: RuleResult[];
}

export interface RunResult {
  tool: { name: 'graphcheck'; version: string };
  target: { baseUrl: string; source: string };
  seed: number;
  startedAt: string;
  finishedAt: string;
  summary: RunSummary;
  results: RuleResult[];
  /** How verdicts weigh on the exit code: `--strict`, `--allow-stale`, and the baseline's entries. */
  gate?: { strict: boolean; allowStale: boolean; baseline?: { file: string; entries: BaselineOutcome[] } };
  /** `--shard i/n`: this report holds one part of the rules. */
  shard?: { index: number; count: number };
  /** What the suites of the run document as not checkable. */
  notCheckable?: NotCheckable[];
  /**
   * Written with `--show-secrets`: the report holds the run's secrets as sent. `merge-reports` merges such a report
   * only when it shows secrets too, since it cannot tell every one of them (the app secret shows in no traffic).
   */
  secretsShown?: true;
}

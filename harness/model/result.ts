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
  seed?: number;
  runs?: number;
  /** The shrunk generated values that made the rule fail. */
  counterexample?: unknown;
  findings: Finding[];
  evidence: Exchange[];
  /** The command line that replays this rule. */
  replay: string;
  durationMs: number;
}

export interface RunSummary {
  passed: number;
  failed: number;
  skipped: number;
  error: number;
}

export interface RunResult {
  tool: { name: 'graphcheck'; version: string };
  target: { baseUrl: string; source: string };
  seed: number;
  startedAt: string;
  finishedAt: string;
  summary: RunSummary;
  results: RuleResult[];
}

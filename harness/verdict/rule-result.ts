import type { Citation, Exchange, Finding, RuleCause, RuleResult, RulesRun, RunResult, Strength, Verdict } from '../model/index.js';
import { VERSION } from '../version.js';
import { type GateOptions, summarize } from './gate.js';

/** Why a rule whose expectations all met nothing to judge has no verdict. */
export const NOTHING_JUDGED = 'no expectation of the rule judged anything';

/** What a result repeats of its rule (a suite's rule has these, and more). */
export interface RuleFacts {
  id: string;
  title: string;
  strength: Strength;
  cites: Citation[];
  readings?: string[];
}

/** How a rule was run, whatever ran it: the command that repeats it and how long it took. */
export interface RuleRun {
  replay: string;
  durationMs: number;
}

/** What a rule's checks came to: findings over the evidence, how much was judged, and why nothing could be. */
export interface Judgement {
  findings: Finding[];
  evidence: Exchange[];
  judged: number;
  /** Set when the rule could not judge (target down, setup failed, nothing judged): the reason. */
  cannotJudge?: string;
  /** What the findings, or the reason it could not judge, come from (reports group rules by it). */
  cause?: RuleCause;
  /**
   * The rule could not judge because the target's data does not allow it, data the spec gives no way to make the
   * target produce (a second page of upload errors): the rule is `skipped` with `cannotJudge` as its reason, never
   * `error` (reading R53).
   */
  dataShort?: boolean;
}

/**
 * The one builder of a rule's result, for `run`, `webhook-test` and `check` alike: the rule's own facts (id, title,
 * strength, citations, readings), how it was run, then the verdict and what backs it.
 */
export function ruleResult(
  rule: RuleFacts,
  suite: { suite: string },
  run: RuleRun,
  verdict: Verdict,
  extra: Partial<RuleResult> = {},
): RuleResult {
  return {
    rule: rule.id,
    suite: suite.suite,
    title: rule.title,
    strength: rule.strength,
    verdict,
    cites: rule.cites,
    readings: rule.readings ?? [],
    findings: [],
    evidence: [],
    replay: run.replay,
    durationMs: run.durationMs,
    ...extra,
  };
}

/**
 * The verdict a judgement earns: `failed` on a finding (the first one is the reason), `passed` only when something
 * was judged, else `unjudged`: `error` where the rule ran against a target (it could not judge), `skipped` over
 * recorded traffic (the traffic holds nothing to judge); `skipped` wherever the target's data was too short (R53).
 */
export function verdictOf(judgement: Judgement, unjudged: 'error' | 'skipped'): Partial<RuleResult> & { verdict: Verdict } {
  const { findings, evidence, judged, cannotJudge, cause } = judgement;
  const caused = cause ? { cause } : {};
  if (cannotJudge !== undefined) return { verdict: judgement.dataShort ? 'skipped' : unjudged, reason: cannotJudge, evidence, ...caused };
  if (findings.length > 0) return { verdict: 'failed', reason: findings[0]!.message, findings, evidence, ...caused };
  if (judged === 0) return { verdict: unjudged, reason: NOTHING_JUDGED };
  return { verdict: 'passed' };
}

/**
 * The one builder of a run's report document, for every command that judges rules: the rules' results counted
 * (the one `summarize` of a run) by how they weigh on the gate (`strict`).
 */
export function runResult(run: RulesRun, seed: number, gate: GateOptions = {}): RunResult {
  const { target, startedAt, finishedAt, results } = run;
  return {
    tool: { name: 'graphcheck', version: VERSION },
    target,
    seed,
    startedAt,
    finishedAt,
    summary: summarize(results, gate),
    results,
  };
}

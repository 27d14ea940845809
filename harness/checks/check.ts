import type { Exchange, Finding } from '../model/index.js';
import type { JsonSchema } from '../validation/json-schema.js';
import { type FactName, type FactsWith, hasFacts, missingFacts, type StepFacts } from './step-facts.js';

/**
 * What a step hands to its checks: the exchanges it made, their JSON bodies, and its facts (a walk ended early, what
 * a webhook rule injected); those the check declares it needs are there.
 */
export interface CheckInput<Needed extends FactName = never> {
  exchanges: Exchange[];
  bodies: unknown[];
  facts: FactsWith<Needed>;
}

/** Where the target's error responses keep their parts (profile `errors`, contract §3.1). */
export interface CheckContext {
  errorPaths: { code: string; subcode: string; message: string; type: string };
}

/** A finding whose `exchange` indexes `CheckInput.exchanges`; the engine re-bases it onto the rule's evidence. */
export type CheckFinding = Omit<Finding, 'check'>;

/**
 * What a check judged. A rule passes only on what was judged: an expectation that judged nothing (an empty list,
 * an answer that never reached the asserted field) makes its execution unjudgeable, never a pass.
 */
export interface CheckResult {
  findings: CheckFinding[];
  /** How many things the check held to its assertion: exchanges, listed items, pages, notifications. */
  judged: number;
  /**
   * The exchanges (indexes into `CheckInput.exchanges`) whose error answer was judged as the outcome the rule
   * wants, or judged for its code or message: refusals. A refusal counts only next to an accepted positive control
   * (reading R51); without one the engine counts neither it nor the findings on it.
   */
  refusals?: number[];
  /** Why nothing was judged ("the list was empty"), when `judged` is 0. */
  nothingJudged?: string;
}

/**
 * A check is a pure function of a step's exchanges: no I/O, no clock, no state. Declared once, registered by name
 * in `registry.ts`. `args` is the JSON Schema of its YAML arguments, validated when a suite loads (and again once
 * templates are evaluated); `explain` says in one sentence what it asserts, for reports.
 */
export interface Check<Args = unknown, Needed extends FactName = never> {
  name: string;
  /**
   * The step facts the check cannot judge without (a `deliveries` step's `webhook`): the suite loader refuses it
   * under a step kind that does not leave them, and `run` gets them typed.
   */
  needs?: readonly Needed[];
  explain(args: Args): string;
  args: JsonSchema;
  /** True for checks that judge non-JSON answers (an HTML page, say); other checks need a JSON body. */
  acceptsAnyBody?: boolean;
  /**
   * The step's own exchanges hold the accepted twin of its refusals (`first-ok-then-errors`: the first exchange
   * succeeded), so its refusals count without a declared control. The check itself reports nothing judged when
   * that twin was refused.
   */
  ownControl?: boolean;
  run(input: CheckInput<Needed>, args: Args, ctx: CheckContext): CheckResult;
}

/** A check whatever its arguments and needs, as the registry holds it. */
export type RegisteredCheck = Check<unknown, FactName>;

/** Where a check is applied: the step's exchanges, bodies and whatever facts it left. */
export interface StepOutput {
  exchanges: Exchange[];
  bodies: unknown[];
  facts: StepFacts;
}

/**
 * Applies a check to what a step left, for a run and for `check` alike. The loader has refused a check under a step
 * kind that does not leave the facts it needs; one that still lacks them (a step that failed before leaving them)
 * judges nothing.
 */
export function runCheck(check: RegisteredCheck, output: StepOutput, args: unknown, ctx: CheckContext): CheckResult {
  const { facts } = output;
  if (!hasFacts(check.needs, facts)) {
    return judgedCount([], 0, `${check.name} needs the step's ${missingFacts(check.needs, facts).join(', ')}, which it did not leave`);
  }
  return check.run({ ...output, facts }, args, ctx);
}

/** A check's result with its refusals set apart, for whoever knows whether they count (R51). */
export interface RefusalsApart {
  /** What the check judged besides its refusals (never below 0). */
  judged: number;
  /** The exchanges it refused: none for a check that brings its own control. */
  refused: number[];
  /** Its findings in its order, each with the exchange it is on (the last when it names none) and whether that is a refusal. */
  findings: Array<{ finding: CheckFinding; at: number; onRefusal: boolean }>;
}

/**
 * Sets a check's refusals apart: the one reading of `refusals` for a run (which knows at once whether its control was
 * accepted) and for `check` (which knows only once the traffic is read).
 */
export function refusalsApart(check: RegisteredCheck, result: CheckResult, exchangeCount: number): RefusalsApart {
  const refused = check.ownControl ? [] : (result.refusals ?? []);
  const findings = result.findings.map((finding) => {
    const at = finding.exchange ?? exchangeCount - 1;
    return { finding, at, onRefusal: refused.includes(at) };
  });
  return { judged: Math.max(0, result.judged - refused.length), refused, findings };
}

/** Runs `judge` on each exchange and tags findings with its index. */
export function eachExchange(
  input: CheckInput,
  judge: (exchange: Exchange, body: unknown) => Omit<CheckFinding, 'exchange'>[],
): CheckFinding[] {
  return input.exchanges.flatMap((exchange, i) =>
    judge(exchange, input.bodies[i]).map((finding) => ({ ...finding, exchange: i })),
  );
}

/** The usual result: every exchange of the step was judged; at most `limit` findings are kept. */
export function judgedEach(input: CheckInput, findings: CheckFinding[], limit = findings.length): CheckResult {
  const judged = input.exchanges.length;
  return { findings: findings.slice(0, limit), judged, ...(judged === 0 ? { nothingJudged: 'the step made no exchange' } : {}) };
}

/** A result that judged `count` things (items, pages, notifications); `why` says what was missing when none. */
export function judgedCount(findings: CheckFinding[], count: number, why: string): CheckResult {
  return { findings, judged: count, ...(count === 0 ? { nothingJudged: why } : {}) };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

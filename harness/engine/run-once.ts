import { CHECKS, resolveExpectation } from '../checks/registry.js';
import { clockFromDateHeader } from '../control/control-client.js';
import { GraphcheckError } from '../errors.js';
import type { Exchange, Finding } from '../model/index.js';
import type { Rule, Step } from '../suite/suite.js';
import { evaluate, expressionsIn, lookup, type Scope, TemplateError } from '../suite/template.js';
import type { RunContext } from './run-context.js';
import { captureSubject, type StepOutcome } from './step-outcome.js';
import { assertJsonBodies, runStep } from './steps/run-step.js';
import { tokenRefusedAfterClockMove } from './token-after-clock-move.js';

/** One execution of a rule's steps with one set of generated values. */
export interface RunOutcome {
  findings: Finding[];
  evidence: Exchange[];
  /** Set when the run could not judge (target down, garbage, setup failed). */
  cannotJudge?: string;
}

/** Runs the steps in order; the first step with findings ends the run, since later steps build on it. */
export async function runOnce(
  rule: Rule,
  given: Record<string, unknown>,
  base: Scope,
  ctx: RunContext,
  resetFirst = false,
): Promise<RunOutcome> {
  const evidence: Exchange[] = [];
  ctx.evidence.sink = evidence;
  const scope: Scope = { ...base, given, captured: {} as Record<string, unknown> };
  try {
    if (resetFirst && ctx.control.has('reset')) await ctx.control.reset();
    for (const step of rule.steps) {
      if (mentionsClock(step)) scope.clock = { now: await targetNow(ctx, evidence) };
      const outcome = await runStep(step, scope, ctx);
      assertJsonBodies(step, outcome);
      const findings = judge(step.expect, outcome, scope, ctx, evidence);
      if (findings.length > 0) {
        const expired = tokenRefusedAfterClockMove(outcome, ctx.profile, ctx.control.movedSinceReset());
        return expired ? { findings: [], evidence, cannotJudge: expired } : { findings, evidence };
      }
      const unmet = judge(step.assume, outcome, scope, ctx, evidence)[0];
      if (unmet) return { findings: [], evidence, cannotJudge: `the target's data does not allow judging this rule: ${unmet.message}` };
      capture(step, outcome, scope, evidence);
    }
    return { findings: [], evidence };
  } catch (error) {
    if (error instanceof CaptureMissing) return { findings: [error.finding], evidence };
    if (error instanceof GraphcheckError) return { findings: [], evidence, cannotJudge: error.message };
    if (error instanceof TemplateError) return { findings: [], evidence, cannotJudge: `suite ${rule.id}: ${error.message}` };
    throw error;
  }
}

function mentionsClock(step: Step): boolean {
  return expressionsIn(step).some((e) => /\bclock\.now\b/.test(e));
}

/** The target's clock: the control protocol, else the last Date header, else ours (contract §3.5). */
async function targetNow(ctx: RunContext, evidence: Exchange[]): Promise<number> {
  if (ctx.control.has('clock')) return ctx.control.now();
  return clockFromDateHeader(evidence.at(-1)) ?? Math.floor(Date.now() / 1000);
}

function judge(
  expectations: Step['expect'],
  outcome: StepOutcome,
  scope: Scope,
  ctx: RunContext,
  evidence: Exchange[],
): Finding[] {
  const errorPaths = ctx.profile.errors;
  return (expectations ?? []).flatMap((expectation) => {
    const { name, args } = resolveExpectation(expectation);
    const check = CHECKS.get(name)!;
    const resolved = evaluate(args, scope);
    return check.run(outcome, resolved, { errorPaths }).map((f) => ({
      check: name,
      ...f,
      exchange: evidence.indexOf(outcome.exchanges[f.exchange ?? outcome.exchanges.length - 1]!),
    }));
  });
}

class CaptureMissing extends Error {
  constructor(readonly finding: Finding) {
    super(finding.message);
  }
}

function capture(step: Step, outcome: StepOutcome, scope: Scope, evidence: Exchange[]): void {
  const subject = captureSubject(outcome);
  const captured = scope.captured as Record<string, unknown>;
  for (const [name, path] of Object.entries(step.capture ?? {})) {
    const value = lookup(subject, path);
    if (value === undefined) {
      throw new CaptureMissing({
        check: 'capture',
        message: `the response has no \`${path}\` to continue with (needed as ${name})`,
        exchange: evidence.length - 1,
      });
    }
    captured[name] = value;
  }
}

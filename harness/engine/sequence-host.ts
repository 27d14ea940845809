import { ForeignOriginError, GraphcheckError, TemplateError } from '../errors.js';
import type { SequenceExecution, SequenceHost, StepRan } from '../sequence/sequence-host.js';
import type { Rule } from '../suite/suite.js';
import type { Step } from '../suite/step.js';
import { stepKind } from '../suite/step.js';
import type { Scope } from '../suite/template.js';
import { checkContextOf, newExecution, type RunContext } from './run-context.js';
import { capture, foreignLink, runJudged, setupFailed } from './run-once.js';
import { stepCause } from './step-cause.js';
import { targetNow } from '../control/target-now.js';

/**
 * The rule runner's side of a sequence rule: each sequence an execution of its own (its evidence, the control
 * client keeping into it), each setup step and operation run and judged as any rule's step is (`runJudged`: step
 * kinds, checks, positive controls), captures kept in the operation's scope.
 */
export function sequenceHost(rule: Rule, ctx: RunContext): SequenceHost {
  return {
    execution: () => {
      const execution = newExecution(ctx);
      const { evidence, target } = execution;
      const run = async (step: Step, scope: Scope, setup: boolean): Promise<StepRan> => {
        const before = evidence.length;
        try {
          const done = await runJudged(step, scope, ctx, execution);
          if ('refusedControl' in done) return { cannotJudge: done.refusedControl, cause: done.cause };
          const { judgement, outcome } = done;
          const first = judgement.findings[0];
          const errorPaths = checkContextOf(ctx).errorPaths;
          if (setup && first) return { cannotJudge: setupFailed(step, outcome, first.message), cause: stepCause({ body: stepKind(step).body, outcome, exchange: evidence[first.exchange ?? -1], check: first.check, message: first.message, errorPaths }) };
          if (judgement.unjudged.length > 0 && !first) return { cannotJudge: `in ${rule.id}: ${judgement.unjudged[0]!}` };
          const missing = first ? undefined : capture(step, outcome, scope);
          if (missing && setup) return { cannotJudge: setupFailed(step, outcome, missing.message) };
          const findings = missing ? [{ ...missing, exchange: evidence.length - 1 }] : judgement.findings;
          const cause = first && stepCause({ body: stepKind(step).body, outcome, exchange: evidence[first.exchange ?? -1], check: first.check, message: first.message, errorPaths });
          return { findings, judged: judgement.judged, exchanges: evidence.slice(before), bodies: bodiesOf(outcome, evidence.slice(before)), ...(cause ? { cause } : {}) };
        } catch (error) {
          if (error instanceof ForeignOriginError && error.isFinding) return { findings: [foreignLink(error, evidence)], judged: 1, exchanges: evidence.slice(before), bodies: [] };
          if (error instanceof GraphcheckError) return { cannotJudge: error.message };
          if (error instanceof TemplateError) return { cannotJudge: `suite ${rule.id}: ${error.message}` };
          throw error;
        }
      };
      const sequence: SequenceExecution = {
        evidence,
        now: () => {
          if (!target) throw new Error('a sequence reads the clock in a run without a target');
          return targetNow(target, evidence);
        },
        setup: (step, scope) => run(step, scope, true),
        step: (step, scope) => run(step, scope, false),
      };
      return sequence;
    },
  };
}

/**
 * The JSON bodies of the exchanges a step added to the evidence, where its outcome holds them (a positive control's
 * exchanges and a walk's look past its end are evidence only: no body to judge).
 */
function bodiesOf(outcome: { exchanges: unknown[]; bodies: unknown[] }, added: unknown[]): unknown[] {
  return added.map((exchange) => {
    const at = outcome.exchanges.indexOf(exchange);
    return at === -1 ? undefined : outcome.bodies[at];
  });
}

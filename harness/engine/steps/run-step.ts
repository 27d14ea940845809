import { resolveExpectation } from '../../checks/registry.js';
import type { SentExchange } from '../../client/send.js';
import { TargetFailure } from '../../errors.js';
import type { Expectation } from '../../suite/step.js';
import type { Scope } from '../../suite/template.js';
import type { Execution, RunContext } from '../run-context.js';
import type { StepOutcome } from '../step-outcome.js';
import { stepKinds } from './registry.js';
import type { StepSide } from './step-kind.js';

/**
 * Performs one step of a kind with its body, handing it the side it plays against and the execution's evidence.
 * Checks are applied by the caller; this only talks to the side.
 */
export async function runStep(kindName: string, body: unknown, scope: Scope, ctx: RunContext, execution: Execution): Promise<StepOutcome> {
  const { evidence } = execution;
  const outcome: StepOutcome = { exchanges: [], bodies: [], facts: {} };
  const keep = (sent: SentExchange) => {
    outcome.exchanges.push(sent.exchange);
    outcome.bodies.push(sent.json);
    evidence.push(sent.exchange);
  };
  const kind = stepKinds().get(kindName)!;
  const step = { body, scope, outcome, evidence, keep, ...(ctx.slots ? { slots: ctx.slots } : {}) };
  if (kind.side === 'callback') await kind.run({ ...step, callback: sideOf(ctx.callback, kind.side) });
  else await kind.run({ ...step, target: sideOf(execution.target, kind.side) });
  return outcome;
}

/** A rule is skipped before it runs when its steps play against a side the run lacks (`sideMissing`). */
function sideOf<Side>(side: Side | undefined, name: StepSide): Side {
  if (side === undefined) throw new Error(`a step against the ${name} ran in a run without one`);
  return side;
}

/**
 * A 2xx interface answer without a JSON body cannot be judged (garbage, not a finding), unless every check of
 * the step accepts any body (the authorization window's HTML page, say).
 */
export function assertJsonBodies(expectations: Expectation[], outcome: StepOutcome): void {
  const anyBody =
    expectations.length > 0 && expectations.every((e) => resolveExpectation(e).check?.acceptsAnyBody === true);
  if (anyBody) return;
  outcome.exchanges.forEach((exchange, i) => {
    const status = exchange.response?.status ?? 0;
    const success = status >= 200 && status < 300;
    if (success && outcome.bodies[i] === undefined && exchange.kind !== 'control') {
      const type = exchange.response?.headers['content-type'] ?? 'no content type';
      throw new TargetFailure(
        'TARGET_GARBAGE',
        `${exchange.request.method} ${exchange.request.url.split('?')[0]} answered HTTP ${status} (${type}) without a JSON body`,
        exchange,
      );
    }
  });
}

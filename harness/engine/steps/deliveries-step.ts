import { CannotJudgeError } from '../../errors.js';
import type { Exchange } from '../../model/index.js';
import type { Attempt } from '../../receiver/index.js';
import { evaluate } from '../../suite/template.js';
import { BOOLEAN, INTEGER, object } from '../../validation/json-schema.js';
import { attemptEvidence } from '../../webhooks/attempt-evidence.js';
import { moveClock } from '../../webhooks/drive-clock.js';
import type { TargetSession } from '../run-context.js';
import type { StepOutcome } from '../step-outcome.js';
import { deliveredWatch, factsSnapshot, type WebhookRun, webhookRun } from '../../webhooks/webhook-run.js';
import type { StepKind } from './step-kind.js';

/** A `deliveries:` step as written in a suite; values may be templates. */
export interface DeliveriesBody {
  /** Move the target's clock up to this many seconds after the run's first events (default 36 h when needed). */
  advance_to?: unknown;
  /** Without the control `clock`: bound of the real-time wait in milliseconds (default 10 000). */
  real_timeout_ms?: unknown;
  /**
   * With `advance_to`: move the clock all the way even once everything expected arrived, for rules about what
   * must not come later (an attempt after a 200, an update after a DELETE).
   */
  whole_way?: unknown;
  /**
   * With `advance_to`: growing steps only up to this many seconds after the first events, then one advance the rest
   * of the way (attempts after it are seen, not timed).
   */
  fine_until?: unknown;
}

const DEFAULT_REAL_TIMEOUT_MS = 10_000;

/**
 * Collects what reached the run's receiver. With the control `clock`: a zero advance first (everything due now
 * has been attempted when it answers, contract §2), then, while expected updates (injected while Live,
 * subscribed) are missing or an `advance_to` asks for it, the clock moves in growing steps. Without `clock`: a
 * real-time wait until they are acknowledged or the bound passes. Never sleeps a fixed time. Every attempt of the
 * run becomes a `webhook-notification` exchange (body parsed from the request) for the step's checks.
 */
export const deliveriesStep: StepKind<DeliveriesBody, 'webhook' | 'waited'> = {
  name: 'deliveries',
  side: 'target',
  leaves: ['webhook', 'waited'],
  explain: (b) => {
    const fine = b.fine_until === undefined ? '' : ` (in growing steps up to ${String(b.fine_until)} s)`;
    const moving = b.advance_to === undefined ? '' : `, moving the clock up to ${String(b.advance_to)} s${fine}`;
    return `collect the notifications the receiver got${moving}`;
  },
  // fine_until bounds the steps toward advance_to: alone it would change nothing, so a suite is told when it loads.
  body: { ...object({ advance_to: INTEGER, real_timeout_ms: INTEGER, whole_way: BOOLEAN, fine_until: INTEGER }), dependencies: { fine_until: ['advance_to'] } },
  needs: (b) => ({ receiver: true, live: true, ...(b.advance_to === undefined ? {} : { capabilities: ['clock'] }) }),
  exclusive: () => "reads what reached the run's one receiver, moving the target's clock while updates are missing",
  run: async ({ body, scope, target, outcome, evidence }) => {
    const run = await webhookRun(scope, target.webhooks);
    const receiver = await target.webhooks.receiver();
    const delivered = deliveredWatch(run, () => receiver.attempts(), seen);
    let summary: string;
    if (target.control.has('clock')) {
      // The zero advance answers the clock's time: no read of its own before or after it.
      const now = await target.webhooks.advance(0);
      const start = run.eventsAt ?? now;
      const advanceTo = body.advance_to === undefined ? undefined : Number(evaluate(body.advance_to, scope));
      const fineUntil = body.fine_until === undefined ? undefined : Number(evaluate(body.fine_until, scope));
      const wholeWay = evaluate(body.whole_way ?? false, scope) === true && advanceTo !== undefined;
      // What must not come later needs no fine steps: one advance has everything due by its end attempted first.
      summary = wholeWay
        ? `moved the clock in one step to +${(await target.webhooks.advance(Math.max(0, start + advanceTo - now))) - start} s`
        : await moveClock(target.webhooks, { start, now }, { advanceTo, fineUntil }, delivered);
    } else {
      const realTimeoutMs = Number(evaluate(body.real_timeout_ms ?? DEFAULT_REAL_TIMEOUT_MS, scope));
      const waited = await receiver.waitForUpdates(() => delivered(), { realTimeoutMs });
      // Without the target's clock nothing says the deliveries are over: a target may batch for longer than we
      // wait. What is missing then cannot be judged, rather than found missing.
      if (!waited.satisfied) {
        const why = `updates injected were not all delivered within ${realTimeoutMs / 1000} s of real time`;
        throw new CannotJudgeError('SETUP_FAILED', `${why}, and without the control capability "clock" that is not a finding`);
      }
      summary = 'waited until delivered';
    }
    collect(run, receiver.attempts(), receiver.url, target, { outcome, evidence });
    outcome.facts.waited = { satisfied: delivered(), summary };
  },
};

function seen(attempt: Attempt) {
  return { json: attempt.json, acknowledged: 'status' in attempt.answered && attempt.answered.status === 200 };
}

/** Every attempt of the run goes to the checks; only those an earlier step did not show go to the evidence. */
function collect(
  run: WebhookRun,
  attempts: Attempt[],
  receiverUrl: string,
  target: TargetSession,
  { outcome, evidence }: { outcome: StepOutcome<'webhook'>; evidence: Exchange[] },
): void {
  const windows = target.webhooks.windows();
  attempts.forEach((attempt, i) => {
    const exchange = attemptEvidence(attempt, receiverUrl, windows);
    outcome.exchanges.push(exchange);
    outcome.bodies.push(attempt.json);
    if (i >= (run.shown ?? 0)) evidence.push(exchange);
  });
  run.shown = attempts.length;
  outcome.facts.webhook = factsSnapshot(run);
}

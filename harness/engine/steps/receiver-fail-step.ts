import { CannotJudgeError } from '../../errors.js';
import type { FailureMode } from '../../receiver/index.js';
import { evaluate } from '../../suite/template.js';
import { INTEGER, object, orTemplate } from '../../validation/json-schema.js';
import { webhookRun } from '../../webhooks/webhook-run.js';
import type { StepKind } from './step-kind.js';

/** The run's receiver fails the next `next` notification attempts: HTTP 500, a reset connection, or no answer. */
export const receiverFailStep: StepKind<{ next: unknown; how?: unknown }> = {
  name: 'receiver-fail',
  side: 'target',
  explain: (b) => `make the receiver fail the next ${String(b.next)} notification attempts (${String(b.how ?? '500')})`,
  body: object({ next: INTEGER, how: orTemplate({ enum: ['500', 500, 'reset', 'hang'] }) }, ['next']),
  needs: () => ({ receiver: true }),
  exclusive: () => "makes the run's one receiver fail",
  run: async ({ body, scope, target }) => {
    await webhookRun(scope, target.webhooks);
    const how = String(evaluate(body.how ?? '500', scope)) as FailureMode;
    if (!['500', 'hang', 'reset'].includes(how)) {
      throw new CannotJudgeError('SETUP_FAILED', `receiver-fail: how must be 500, hang or reset, not ${how}`);
    }
    (await target.webhooks.receiver()).failNext(Number(evaluate(body.next, scope)), how);
  },
};

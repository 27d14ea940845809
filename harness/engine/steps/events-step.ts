import { isRecord } from '../../checks/check.js';
import { CannotJudgeError } from '../../errors.js';
import { evaluate } from '../../suite/template.js';
import { ANY, INTEGER, object } from '../../validation/json-schema.js';
import { webhookRun } from '../../webhooks/webhook-run.js';
import type { StepKind } from './step-kind.js';

/**
 * Changes the target records and delivers (control `events`); each is remembered with the Live setting then.
 * `fill_to: N` repeats the list, each copy with another value, until it holds N updates: large batches whose
 * generated part still shrinks to a few updates.
 */
export const eventsStep: StepKind<{ updates: unknown; fill_to?: unknown }> = {
  name: 'events',
  side: 'target',
  explain: (b) => {
    const filledUp = b.fill_to === undefined ? '' : `, filled up to ${String(b.fill_to)}`;
    return `inject changes through the control protocol (events)${filledUp}`;
  },
  body: object({ updates: ANY, fill_to: INTEGER }, ['updates']),
  needs: () => ({ capabilities: ['events'] }),
  exclusive: () => "injects changes delivered to every subscription of the app, at the run's one receiver",
  run: async ({ body, scope, target, outcome }) => {
    const run = await webhookRun(scope, target.webhooks);
    const given = evaluate(body.updates, scope);
    if (!Array.isArray(given) || given.length === 0 || !given.every(isRecord)) {
      const expected = 'a non-empty list of {object, id, field, value}';
      throw new CannotJudgeError('SETUP_FAILED', `events: \`updates\` must be ${expected}`);
    }
    const updates = filled(given, Number(evaluate(body.fill_to ?? 0, scope)));
    // The run's first events date it (where `advance_to` counts from); later ones need no clock read of their own.
    if (run.eventsAt === undefined && target.control.has('clock')) run.eventsAt = await target.webhooks.now();
    const sent = await target.control.events({ updates });
    outcome.exchanges.push(sent.exchange);
    outcome.bodies.push(sent.json);
    const live = target.webhooks.live;
    for (const { object, id, field, value } of updates) {
      run.facts.injected.push(Object.freeze({ object: String(object), id: String(id), field: String(field), value, live }));
    }
  },
};

/**
 * Copies keep their object and id (R48: updates only for the objects that installed the app, never made-up ids)
 * and differ by their value, so each copy is an update of its own where values are delivered.
 */
function filled(updates: Record<string, unknown>[], size: number): Record<string, unknown>[] {
  const list = [...updates];
  for (let i = list.length; i < size; i++) {
    const model = updates[i % updates.length]!;
    const value = isRecord(model.value) ? { ...model.value, graphcheck_copy: i } : { value: model.value ?? null, graphcheck_copy: i };
    list.push({ ...model, value });
  }
  return list;
}

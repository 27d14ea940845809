import { preciseNowMs } from '../../precise-now.js';
import { evaluate } from '../../suite/template.js';
import { BOOLEAN, object } from '../../validation/json-schema.js';
import { webhookRun } from '../../webhooks/webhook-run.js';
import type { StepKind } from './step-kind.js';

/** Sets the app's Live setting (control `app`); the harness sets it back for the next run. */
export const appLiveStep: StepKind<{ live: unknown }> = {
  name: 'app-live',
  side: 'target',
  explain: (b) => `set the app ${b.live === false ? 'not ' : ''}Live (control app)`,
  body: object({ live: BOOLEAN }, ['live']),
  needs: () => ({ capabilities: ['app'] }),
  exclusive: () => "sets the app's Live setting",
  run: async ({ body, scope, target }) => {
    const run = await webhookRun(scope, target.webhooks);
    const live = evaluate(body.live, scope) === true;
    const periods = run.facts.notLive;
    const open = periods.at(-1);
    if (live && open && open.toMs === undefined) open.toMs = preciseNowMs();
    await target.webhooks.setLive(live, target.control);
    if (!live) periods.push({ fromMs: preciseNowMs() });
  },
};

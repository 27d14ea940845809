import { evaluate } from '../../suite/template.js';
import { NUMBER, object } from '../../validation/json-schema.js';
import type { StepKind } from './step-kind.js';

/** Moves the target's clock (control `clock`); everything due by then has happened when it answers. */
export const clockStep: StepKind<{ advance: unknown }> = {
  name: 'clock',
  side: 'target',
  explain: (b) => `advance the target's clock by ${String(b.advance)} s`,
  body: object({ advance: NUMBER }, ['advance']),
  needs: () => ({ capabilities: ['clock'] }),
  exclusive: () => "moves the target's clock",
  run: async ({ body, scope, target }) => {
    await target.control.advance(Number(evaluate(body.advance, scope)));
  },
};

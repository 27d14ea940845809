import { evaluate } from '../../suite/template.js';
import type { StepKind } from './step-kind.js';

/** Moves the target's clock (control `clock`); everything due by then has happened when it answers. */
export const clockStep: StepKind<{ advance: unknown }> = {
  name: 'clock',
  explain: (b) => `advance the target's clock by ${String(b.advance)} s`,
  run: async ({ body, scope, ctx, outcome }) => {
    outcome.meta.now = await ctx.control.advance(Number(evaluate(body.advance, scope)));
  },
};

/** Acts as the person in the authorization window (control `authorize`); the answer is the step's exchange. */
export const authorizeStep: StepKind<{ query: Record<string, unknown>; decision: 'allow' | 'deny' }> = {
  name: 'authorize',
  explain: (b) => `${b.decision} the authorization window`,
  run: async ({ body, scope, ctx, outcome }) => {
    const query = evaluate(body.query, scope) as Record<string, unknown>;
    const strings = Object.fromEntries(
      Object.entries(query)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, typeof v === 'string' ? v : String(v)]),
    );
    const sent = await ctx.control.authorize(strings, body.decision);
    // The control client already put the exchange into the evidence.
    outcome.exchanges.push(sent.exchange);
    outcome.bodies.push(sent.json);
  },
};

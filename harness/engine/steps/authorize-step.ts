import { evaluate } from '../../suite/template.js';
import { object, orTemplate } from '../../validation/json-schema.js';
import type { StepKind } from './step-kind.js';

export interface AuthorizeBody {
  query: Record<string, unknown>;
  decision: 'allow' | 'deny';
}

/**
 * Acts as the person in the authorization window (control `authorize`); the answer is the step's exchange. The
 * control protocol only simulates the window, so every authorize step is checked against the window itself: the
 * same query (made valid by `control.with` where the step's is not) sent to `GET {auth_url}/oauth/authorize` must
 * answer a page to show. A target whose window refuses everything judges nothing here.
 */
export const authorizeStep: StepKind<AuthorizeBody> = {
  name: 'authorize',
  side: 'target',
  explain: (b) => `${b.decision} the authorization window`,
  body: object({ query: { type: 'object' }, decision: orTemplate({ enum: ['allow', 'deny'] }) }, ['query', 'decision']),
  needs: () => ({ capabilities: ['authorize'] }),
  control: {
    expect: ['html-page'],
    always: true,
    twin: (b) => ({
      kind: 'request',
      body: { method: 'GET', base: 'auth', version: 'none', path: '/oauth/authorize', query: b.query },
      // A redirect straight back to the app is not the window (a login page on the way is).
      expect: [{ 'html-page': b.query.redirect_uri === undefined ? {} : { not_to: b.query.redirect_uri } }],
    }),
  },
  run: async ({ body, scope, target, outcome }) => {
    const query = evaluate(body.query, scope) as Record<string, unknown>;
    const strings = Object.fromEntries(
      Object.entries(query)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, typeof v === 'string' ? v : String(v)]),
    );
    const sent = await target.control.authorize(strings, evaluate(body.decision, scope) as 'allow' | 'deny');
    // The control client already put the exchange into the evidence.
    outcome.exchanges.push(sent.exchange);
    outcome.bodies.push(sent.json);
  },
};

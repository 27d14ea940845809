import { evaluate } from '../../suite/template.js';
import type { RequestSpec } from '../../suite/suite.js';
import { buildRequest } from '../build-request.js';
import type { StepKind } from './step-kind.js';

const describe = (r: RequestSpec) => `${r.method} ${r.path ?? '/'}`;

export const requestStep: StepKind<RequestSpec> = {
  name: 'request',
  explain: (r) => `send ${describe(r)}`,
  run: async ({ body, scope, ctx, keep }) => keep(await ctx.client.send(buildRequest(body, scope, ctx))),
};

/** The same request `count` times at once: single-use codes and other races. */
export const parallelStep: StepKind<{ count: unknown; request: RequestSpec }> = {
  name: 'parallel',
  explain: (b) => `send ${describe(b.request)} ${String(b.count)} times at once`,
  run: async ({ body, scope, ctx, keep }) => {
    const count = Number(evaluate(body.count, scope));
    const requests = Array.from({ length: count }, () => buildRequest(body.request, scope, ctx));
    for (const sent of await Promise.all(requests.map((r) => ctx.client.send(r)))) keep(sent);
  },
};

/** The same request `count` times in a row, optionally moving the target's clock between them. */
export const repeatStep: StepKind<{ count: unknown; request: RequestSpec; advance_between?: unknown }> = {
  name: 'repeat',
  explain: (b) => `send ${describe(b.request)} ${String(b.count)} times in a row`,
  run: async ({ body, scope, ctx, keep }) => {
    const count = Number(evaluate(body.count, scope));
    const gap = body.advance_between === undefined ? 0 : Number(evaluate(body.advance_between, scope));
    for (let i = 0; i < count; i++) {
      if (i > 0 && gap > 0) await ctx.control.advance(gap);
      keep(await ctx.client.send(buildRequest(body.request, scope, ctx)));
    }
  },
};

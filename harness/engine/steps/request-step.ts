import { buildRequest } from '../build-request.js';
import { describeRequest, REQUEST_BODY, type RequestSpec, requestNeeds } from './request-body.js';
import type { StepKind } from './step-kind.js';

/** One request. */
export const requestStep: StepKind<RequestSpec> = {
  name: 'request',
  explain: (r) => `send ${describeRequest(r)}`,
  body: REQUEST_BODY,
  needs: requestNeeds,
  control: { expect: ['ok'] },
  run: async ({ body, scope, ctx, keep }) => keep(await ctx.client.send(buildRequest(body, scope, ctx))),
};

import { buildRequest } from '../../request-building/build-request.js';
import { describeRequest, REQUEST_BODY, type RequestSpec, requestExclusive, requestNeeds } from '../../request-building/request-body.js';
import type { TargetStepKind } from './step-kind.js';

/** One request. */
export const requestStep: TargetStepKind<RequestSpec> = {
  name: 'request',
  side: 'target',
  explain: (r) => `send ${describeRequest(r)}`,
  body: REQUEST_BODY,
  needs: requestNeeds,
  exclusive: requestExclusive,
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, keep }) => keep(await target.client.send(buildRequest(body, scope, target))),
};

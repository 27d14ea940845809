import { evaluate } from '../../suite/template.js';
import { INTEGER, object } from '../../validation/json-schema.js';
import { buildRequest } from '../../request-building/build-request.js';
import { describeRequest, REQUEST_BODY, type RequestSpec, requestExclusive, requestNeeds } from '../../request-building/request-body.js';
import { sendAtOnce } from '../../client/send-at-once.js';
import type { StepKind } from './step-kind.js';

/** The same request `count` times at once: single-use codes and other races. */
export const parallelStep: StepKind<{ count: unknown; request: RequestSpec }> = {
  name: 'parallel',
  side: 'target',
  explain: (b) => `send ${describeRequest(b.request)} ${String(b.count)} times at once`,
  body: object({ count: INTEGER, request: REQUEST_BODY }, ['count', 'request']),
  needs: (b) => requestNeeds(b.request),
  exclusive: (b) => requestExclusive(b.request),
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, keep, evidence }) => {
    const count = Number(evaluate(body.count, scope));
    const requests = Array.from({ length: count }, () => buildRequest(body.request, scope, target));
    await sendAtOnce(requests.map((r) => () => target.client.send(r)), { keep, evidence });
  },
};

import { evaluate } from '../../suite/template.js';
import { INTEGER, object } from '../../validation/json-schema.js';
import { buildRequest } from '../../request-building/build-request.js';
import { describeRequest, REQUEST_BODY, type RequestSpec, requestExclusive, requestNeeds } from '../../request-building/request-body.js';
import type { StepKind } from './step-kind.js';

export interface RepeatBody {
  count: unknown;
  request: RequestSpec;
  /** Seconds to move the target's clock between two requests. */
  advance_between?: unknown;
}

/** The same request `count` times in a row, optionally moving the target's clock between them. */
export const repeatStep: StepKind<RepeatBody> = {
  name: 'repeat',
  side: 'target',
  explain: (b) => `send ${describeRequest(b.request)} ${String(b.count)} times in a row`,
  body: object({ count: INTEGER, request: REQUEST_BODY, advance_between: INTEGER }, ['count', 'request']),
  needs: (b) => ({
    ...requestNeeds(b.request),
    ...(b.advance_between === undefined ? {} : { capabilities: ['clock'] }),
  }),
  exclusive: (b) => (b.advance_between === undefined ? requestExclusive(b.request) : "moves the target's clock"),
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, keep }) => {
    const count = Number(evaluate(body.count, scope));
    const gap = body.advance_between === undefined ? 0 : Number(evaluate(body.advance_between, scope));
    for (let i = 0; i < count; i++) {
      if (i > 0 && gap > 0) await target.control.advance(gap);
      keep(await target.client.send(buildRequest(body.request, scope, target)));
    }
  },
};

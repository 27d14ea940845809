import { evaluate } from '../../suite/template.js';
import { TemplateError } from '../../errors.js';
import { object, STRINGS, TEMPLATE } from '../../validation/json-schema.js';
import { buildRequest } from '../../request-building/build-request.js';
import { describeRequest, REQUEST_BODY, type RequestSpec, requestNeeds } from '../../request-building/request-body.js';
import type { StepKind } from './step-kind.js';

export interface AcrossVersionsBody {
  /** Version prefixes in the order to call them (`none`: the bare path); a list or one template giving a list. */
  versions: unknown;
  /** The call, written out or drawn whole (`"{{given.op.request}}"`: an operation picked at random). */
  request: RequestSpec | string;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * The same call once under each version prefix, in the order given: "every path may carry a version prefix",
 * so a check such as `same-outcome` can compare the answers. Order matters to a target that keeps the app's
 * version history (contract §3.2): list older versions first.
 */
export const acrossVersionsStep: StepKind<AcrossVersionsBody> = {
  name: 'across-versions',
  side: 'target',
  explain: (b) => `send ${typeof b.request === 'string' ? b.request : describeRequest(b.request)} under each version of ${JSON.stringify(b.versions)}`,
  body: object({ versions: STRINGS, request: { anyOf: [TEMPLATE, REQUEST_BODY] } }, ['versions', 'request']),
  needs: (b) => (typeof b.request === 'string' ? {} : requestNeeds(b.request)),
  exclusive: () => "calls every version: the version the app first called (reset clears it) is the app's, not the rule's",
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, keep }) => {
    // A template inside the list counts item by item: `["{{versions.usable}}", none]`.
    const listed = evaluate(body.versions, scope);
    const versions = Array.isArray(listed) ? listed.flat() : listed;
    if (!Array.isArray(versions) || versions.length === 0) throw new TemplateError(`versions is ${JSON.stringify(versions)}: give a non-empty list`);
    const spec = requestOf(body.request, scope);
    for (const version of versions) keep(await target.client.send(buildRequest({ ...spec, version: String(version) }, scope, target)));
  },
};

/** A drawn request is already evaluated (its values are data, not templates); a written one is evaluated later. */
function requestOf(request: RequestSpec | string, scope: Parameters<typeof evaluate>[1]): RequestSpec {
  const value = typeof request === 'string' ? evaluate(request, scope) : request;
  if (!isRequest(value)) {
    throw new TemplateError(`request is ${JSON.stringify(value)}: give an object with a method (${METHODS.join(', ')})`);
  }
  // A drawn request leaves its absent parts null.
  const spec: RequestSpec = { method: value.method };
  for (const [key, part] of Object.entries(value)) if (part !== undefined && part !== null) Object.assign(spec, { [key]: part });
  return spec;
}

function isRequest(value: unknown): value is RequestSpec {
  return typeof value === 'object' && value !== null && METHODS.includes(String((value as { method?: unknown }).method));
}

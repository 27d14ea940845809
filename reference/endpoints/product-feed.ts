import { GraphError, invalidParam } from '../graph-error.js';
import { readBool, readString } from '../params.js';
import { requireToken } from '../tokens.js';
import type { EndpointGroup, FaultSet, RefContext, RefRequest, RefResponse } from '../types.js';
import { paginate } from './paging.js';
import { UPLOAD_ERRORS, type UploadError } from './product-feed/upload-errors.js';

const PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'];

/** HIGH returns the fatal errors; MEDIUM and LOW return all warnings, the same set for both (R45). */
function byPriority(priority: string | undefined, faults: FaultSet): UploadError[] {
  if (priority === undefined || faults.has('product-feed-priority-ignored')) return UPLOAD_ERRORS;
  if (priority === 'HIGH') {
    const fatal = UPLOAD_ERRORS.filter((error) => error.severity === 'fatal');
    return faults.has('product-feed-high-priority-first-only') ? fatal.slice(0, 1) : fatal;
  }
  const warnings = UPLOAD_ERRORS.filter((error) => error.severity === 'warning');
  if (priority === 'LOW' && faults.has('product-feed-low-priority-partial')) {
    return warnings.filter((_, i) => i % 2 === 0);
  }
  return warnings;
}

function render(error: UploadError, faults: FaultSet): Record<string, unknown> {
  return {
    ...error,
    id: faults.has('product-feed-id-not-number') ? String(error.id) : error.id,
    severity: faults.has('product-feed-severity-wrong') ? error.severity.toUpperCase() : error.severity,
  };
}

/**
 * GET `/{product_feed_upload_id}/errors`: a list result; `summary=true` adds `summary.total_count`. Any
 * issued token reads it: the spec names no permission and no code 200 for this edge.
 */
function listErrors(req: RefRequest, ctx: RefContext): RefResponse {
  if (!ctx.faults.has('product-feed-token-unchecked')) requireToken(req);
  const priority = readString(req.params, 'error_priority');
  const unchecked = ctx.faults.has('product-feed-priority-unchecked');
  if (priority !== undefined && !PRIORITIES.includes(priority) && !unchecked) {
    const message = `error_priority must be one of ${PRIORITIES.join(', ')}.`;
    if (ctx.faults.has('product-feed-priority-wrong-code')) throw new GraphError(1, `(#1) ${message}`);
    throw invalidParam(message);
  }
  const known = priority !== undefined && PRIORITIES.includes(priority) ? priority : undefined;
  const errors = byPriority(known, ctx.faults);
  const page = paginate(errors, (error) => String(error.id), req, ctx, {
    afterCursorOfFirst: ctx.faults.has('product-feed-after-cursor-wrong'),
    repeats: ctx.faults.has('product-feed-paging-repeats'),
  });
  const body: Record<string, unknown> = {
    data: page.data.map((error) => render(error, ctx.faults)),
    paging: page.paging,
  };
  const wantSummary = readBool(req.params, 'summary') ?? false;
  if (wantSummary ? !ctx.faults.has('product-feed-summary-missing') : ctx.faults.has('product-feed-summary-always')) {
    const inflated = ctx.faults.has('product-feed-total-count-inflated') ? 1 : 0;
    body['summary'] = { total_count: errors.length + inflated };
  }
  return { status: 200, body };
}

/** Only under its fault switch: writing the errors edge is unsupported (R2), so no route claims it. */
function acceptUnsupported(req: RefRequest): RefResponse {
  requireToken(req);
  return { status: 200, body: { success: true } };
}

const isUpload = (params: Record<string, string>, ctx: RefContext): boolean =>
  params['upload_id'] === ctx.profile.fixtures['product_feed_upload_id'];

const isUploadUnderWrite = (params: Record<string, string>, ctx: RefContext): boolean =>
  ctx.faults.has('product-feed-write-accepted') && isUpload(params, ctx);

/** The fixture upload's errors; create, update and delete are unsupported (routed only under a fault). */
export const PRODUCT_FEED_GROUP: EndpointGroup = {
  name: 'product-feed',
  routes: [
    {
      method: 'GET',
      pattern: '/:upload_id/errors',
      accepts: isUpload,
      handler: listErrors,
    },
    { method: 'POST', pattern: '/:upload_id/errors', accepts: isUploadUnderWrite, handler: acceptUnsupported },
    { method: 'DELETE', pattern: '/:upload_id/errors', accepts: isUploadUnderWrite, handler: acceptUnsupported },
  ],
};

import { readBool, readString } from '../../params.js';
import type { RefContext, RefRequest } from '../../types.js';
import { paginate } from '../paging.js';
import type { ReadAccess } from './comment-access.js';
import { commentsInvalidParam } from './comment-input.js';
import { commentFields, renderComment } from './comment-fields.js';
import { commentsSlice, listComments } from './comment-state.js';

const FILTERS = ['toplevel', 'stream'];
const ORDERS = ['chronological', 'reverse_chronological'];

function readEnum(req: RefRequest, ctx: RefContext, name: string, allowed: string[]): string {
  const value = readString(req.params, name) ?? allowed[0] ?? '';
  if (!allowed.includes(value)) throw commentsInvalidParam(ctx, `${name} must be one of ${allowed.join(', ')}.`);
  return value;
}

/**
 * GET `/{object_id}/comments`: a list result; `filter` toplevel (default) or stream; `summary=true` adds
 * `summary: {order, total_count}` (R12). `order` is read but never needed by a rule (R12).
 */
export function commentsListBody(
  req: RefRequest,
  ctx: RefContext,
  objectId: string,
  access: ReadAccess,
  isComment = false,
): Record<string, unknown> {
  const { faults } = ctx;
  const filter = faults.has('comments-filter-unchecked')
    ? (readString(req.params, 'filter') ?? '')
    : readEnum(req, ctx, 'filter', FILTERS);
  const stream = filter === 'stream' && !faults.has('comments-filter-ignored');
  let order = readEnum(req, ctx, 'order', ORDERS);
  if (faults.has('comments-reverse-order')) order = 'reverse_chronological';
  const wantSummary = faults.has('comments-summary-unchecked') ? lenientTrue(req.params['summary']) : (readBool(req.params, 'summary') ?? false);
  const fields = commentFields(readString(req.params, 'fields'));
  const state = ctx.state.get(commentsSlice);
  const hidden = access === 'empty' || (isComment && faults.has('comments-replies-not-listed'));
  const all = hidden ? [] : listComments(state, objectId, stream);
  const items = order === 'reverse_chronological' ? [...all].reverse() : all;
  const page = paginate(items, (comment) => comment.id, req, ctx, {
    nextDropped: faults.has('comments-paging-next-dropped'),
    repeats: faults.has('comments-paging-repeats'),
  });
  const data = page.data.map((comment) => listed(renderComment(comment, fields, ctx, access === 'full'), ctx));
  const body: Record<string, unknown> = { data, paging: page.paging };
  if (faults.has('comments-summary-always') && !wantSummary) return { ...body, summary: { order, total_count: all.length } };
  if (!wantSummary || faults.has('comments-summary-missing')) return body;
  const counted =
    stream && faults.has('comments-stream-count-toplevel')
      ? listComments(state, objectId, false)
      : !stream && faults.has('comments-toplevel-count-includes-replies')
        ? listComments(state, objectId, true)
        : all;
  const summary = { order, total_count: counted.length };
  return faults.has('comments-summary-misplaced') ? { ...body, ...summary } : { ...body, summary };
}

/** Under its fault switch, a listed comment's `can_comment` reads as a string. */
function listed(item: Record<string, unknown>, ctx: RefContext): Record<string, unknown> {
  if (!ctx.faults.has('comments-listed-can-comment-string') || item['can_comment'] === undefined) return item;
  return { ...item, can_comment: String(item['can_comment']) };
}

/** Under `comments-summary-unchecked`: `true` asks for the summary, anything else (`maybe`) does not. */
function lenientTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

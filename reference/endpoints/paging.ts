import { invalidParam } from '../graph-error.js';
import { readInt } from '../params.js';
import type { RefContext, RefRequest } from '../types.js';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

/** Fault switches a list edge may hand in; all off for a correct edge. */
export interface PagingFaults {
  limitNotCapped?: boolean;
  limitIgnored?: boolean;
  repeats?: boolean;
  skips?: boolean;
  noCursors?: boolean;
  /** No `next` on the next-to-last page: a walk ends one page early. */
  nextMissingNextToLast?: boolean;
  /** `cursors.after` names the page's first item, not its last: fed back as `after=`, it does not give the next page. */
  afterCursorOfFirst?: boolean;
  /** No `next` on any page: a walk ends on the first page, however many items follow. */
  nextDropped?: boolean;
}

/** How an edge pages besides its faults: its page size when no `limit` is sent, and whether `limit` has a cap. */
export interface PagingShape {
  defaultLimit?: number;
  /** `limit` above 100 is taken as sent: the cap is stated for the feed only (a connection's `limit(n)` has none). */
  uncapped?: boolean;
}

export interface Paging {
  cursors?: { before: string; after: string };
  next?: string;
  previous?: string;
}

export interface Page<T> {
  data: T[];
  paging: Paging;
}

/** `limit` 1..100, default 25; above 100 an error naming 100 (contract §3.1). */
export function readLimit(params: Record<string, unknown>, faults: PagingFaults, shape: PagingShape = {}): number {
  const limit = readInt(params, 'limit');
  if (faults.limitIgnored || limit === undefined) return shape.defaultLimit ?? DEFAULT_LIMIT;
  if (limit < 1) throw invalidParam('Param limit must be a positive integer.');
  if (limit > MAX_LIMIT && !faults.limitNotCapped && !shape.uncapped) {
    throw invalidParam(`The limit parameter should not exceed ${MAX_LIMIT}.`);
  }
  return limit;
}

export function encodeCursor(id: string): string {
  return Buffer.from(`ref:${id}`).toString('base64url');
}

function cursorIndex(cursor: string, ids: string[], name: string): number {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const index = decoded.startsWith('ref:') ? ids.indexOf(decoded.slice(4)) : -1;
  if (index < 0) throw invalidParam(`Param ${name} is not a valid cursor.`);
  return index;
}

/**
 * One page of `items` (already in list order) by `after`/`before` cursors, which name an item, so pages stay
 * stable when items are added at the front. `next` is absolute, keeps the version prefix and the other query
 * parameters, and carries the token; it is absent on the last page.
 */
export function paginate<T>(
  items: T[],
  idOf: (item: T) => string,
  req: RefRequest,
  ctx: RefContext,
  faults: PagingFaults = {},
  shape: PagingShape = {},
): Page<T> {
  const limit = readLimit(req.params, faults, shape);
  const ids = items.map(idOf);
  const after = typeof req.params['after'] === 'string' ? req.params['after'] : undefined;
  const before = typeof req.params['before'] === 'string' ? req.params['before'] : undefined;
  let start = 0;
  if (after !== undefined) start = cursorIndex(after, ids, 'after') + 1 + shift(faults, limit);
  else if (before !== undefined) start = Math.max(0, cursorIndex(before, ids, 'before') - limit);
  const data = items.slice(start, start + limit);
  const first = data[0];
  const last = data[data.length - 1];
  const paging: Paging = {};
  if (!faults.noCursors) {
    paging.cursors = {
      before: first === undefined ? '' : encodeCursor(idOf(first)),
      after: last === undefined ? '' : encodeCursor(idOf(faults.afterCursorOfFirst && first ? first : last)),
    };
  }
  const left = items.length - (start + data.length);
  const nextToLast = left > 0 && left <= limit;
  if (last !== undefined && left > 0 && !faults.nextDropped && !(faults.nextMissingNextToLast && nextToLast)) {
    paging.next = pageUrl(req, ctx, { after: encodeCursor(idOf(last)) });
  }
  if (first !== undefined && start > 0)
    paging.previous = pageUrl(req, ctx, { before: encodeCursor(idOf(first)) });
  return { data, paging };
}

/** The paging faults move the start of the next page; repeating on pages of one would never end. */
function shift(faults: PagingFaults, limit: number): number {
  if (faults.repeats && limit > 1) return -1;
  return faults.skips ? 1 : 0;
}

function pageUrl(req: RefRequest, ctx: RefContext, cursor: Record<string, string>): string {
  const url = new URL(`${ctx.baseUrl}${req.versionPrefix}${req.path}`);
  for (const [key, value] of req.url.searchParams) {
    if (key !== 'after' && key !== 'before' && key !== 'access_token') url.searchParams.append(key, value);
  }
  if (req.accessToken !== null) url.searchParams.set('access_token', req.accessToken);
  for (const [key, value] of Object.entries(cursor)) url.searchParams.set(key, value);
  return url.toString();
}

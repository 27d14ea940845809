import { formatGraphTime } from '../../clock.js';
import { invalidParam } from '../../graph-error.js';
import { toInt } from '../../params.js';
import type { RefContext, RefRequest } from '../../types.js';
import type { FieldSpec } from '../../http/fields-param.js';
import { paginate } from '../paging.js';
import { THREAD_COUNTS, THREAD_MESSAGES, THREAD_PROFILES, type ThreadMessage } from './thread-data.js';

type Render = (spec: FieldSpec, ctx: RefContext, req: RefRequest) => unknown;

const SOURCES = ['ALL', 'PARTICIPANTS'];

/** `source` (PARTICIPANTS drops admin text) and `limit` (a positive integer), from a modifier or a query. */
export function selectMessages(source: string | undefined, limit: unknown, ctx: RefContext): ThreadMessage[] {
  const chosen = (source ?? 'ALL').toUpperCase();
  if (!SOURCES.includes(chosen)) throw invalidParam(`source must be one of ${SOURCES.join(', ')}.`);
  const participantsOnly = chosen === 'PARTICIPANTS' && !ctx.faults.has('thread-source-filter-ignored');
  const messages = THREAD_MESSAGES.filter((message) => !participantsOnly || !message.adminText);
  const max = toInt(limit === '' ? undefined : limit, 'limit');
  if (max !== undefined && max < 1) throw invalidParam('limit must be a positive integer.');
  if (max === undefined || ctx.faults.has('thread-messages-limit-ignored')) return messages;
  return messages.slice(0, max);
}

export function renderMessage(message: ThreadMessage): Record<string, unknown> {
  return {
    id: message.id,
    message: message.message,
    from: message.from,
    created_time: formatGraphTime(message.createdTime),
  };
}

const count = (value: number, ctx: RefContext): unknown =>
  ctx.faults.has('thread-counts-as-strings') ? String(value) : value;

/** The Message thread's fields (spec table); `comments` and `messages` as list results (R22). */
const RENDERERS: Record<string, Render> = {
  id: (_spec, ctx) => threadId(ctx),
  comments: () => ({ data: THREAD_MESSAGES.map(renderMessage) }),
  messages: ({ modifiers }, ctx, req) => messagesConnection(modifiers, ctx, req),
  to: () => ({ data: THREAD_PROFILES }),
  unread: (_spec, ctx) => count(THREAD_COUNTS.unread, ctx),
  unseen: (_spec, ctx) => count(ctx.faults.has('thread-counts-negative') ? -1 : THREAD_COUNTS.unseen, ctx),
  updated_time: () => formatGraphTime(Math.max(...THREAD_MESSAGES.map((message) => message.createdTime))),
  can_reply: () => true,
  // The fixture thread is linked to the fixture group, so the workplace-only field has a value to type-check.
  linked_group: (_spec, ctx) => ctx.profile.fixtures['group_id'],
};

/**
 * `messages` read through `fields`: every message of the source, or with `limit(n)` its first page, whose
 * `paging.next` continues on the edge itself (`/{thread_id}/messages?limit=n`), as a connection's pages do.
 */
function messagesConnection(modifiers: Record<string, string>, ctx: RefContext, req: RefRequest): unknown {
  const limit = modifiers['limit'];
  // Checks the limit too; every message of the source without one (or under the fault that ignores it).
  const selected = selectMessages(modifiers['source'], limit, ctx);
  if (limit === undefined || limit === '' || ctx.faults.has('thread-messages-limit-ignored')) return { data: selected.map(renderMessage) };
  const query = { limit, ...(modifiers['source'] === undefined ? {} : { source: modifiers['source'] }) };
  const page = paginate(selectMessages(modifiers['source'], undefined, ctx), (m) => m.id, messagesEdge(req, ctx, query), ctx, messagesPaging(ctx), { uncapped: true });
  return { data: page.data.map(renderMessage), paging: page.paging };
}

/** The messages edge as a request of its own, for the links of a connection's pages. */
function messagesEdge(req: RefRequest, ctx: RefContext, query: Record<string, string>): RefRequest {
  const path = `/${ctx.profile.fixtures['thread_id'] ?? ''}/messages`;
  const url = new URL(`${req.url.origin}${req.versionPrefix}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return { ...req, url, path, params: { ...query } };
}

/** The paging faults of the messages edge and its connection. */
export const messagesPaging = (ctx: RefContext) => ({ skips: ctx.faults.has('thread-messages-paging-skips') });

/** The requested thread's id; under its fault switch, the id of another thread. */
function threadId(ctx: RefContext): string {
  const id = ctx.profile.fixtures['thread_id'] ?? '';
  return ctx.faults.has('thread-id-wrong') ? `${id}_0` : id;
}

export const DEFAULT_THREAD_FIELDS = ['id', 'updated_time', 'unread', 'unseen', 'can_reply'];

/** `id` always, then each requested field; unknown names are left out rather than refused. */
export function renderThread(specs: FieldSpec[], ctx: RefContext, req: RefRequest): Record<string, unknown> {
  const result: Record<string, unknown> = { id: threadId(ctx) };
  for (const spec of specs) {
    const value = RENDERERS[spec.name]?.(spec, ctx, req);
    if (value !== undefined) result[spec.name] = value;
  }
  return result;
}

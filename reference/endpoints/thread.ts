import { type PageNeeds, requirePageToken } from '../access.js';
import { readString } from '../params.js';
import type { EndpointGroup, RefContext, RefRequest, RefResponse } from '../types.js';
import { paginate } from './paging.js';
import { parseFieldSpecs } from '../http/fields-param.js';
import {
  DEFAULT_THREAD_FIELDS,
  renderMessage,
  messagesPaging,
  renderThread,
  selectMessages,
} from './thread/thread-fields.js';

const READ: PageNeeds = {
  anyTask: ['MODERATE'],
  permissions: ['pages_messaging', 'pages_manage_metadata', 'pages_show_list'],
};

const isThread = (params: Record<string, string>, ctx: RefContext): boolean =>
  params['thread_id'] === ctx.profile.fixtures['thread_id'];

function pageToken(req: RefRequest, ctx: RefContext): void {
  if (ctx.faults.has('thread-token-unchecked') && req.token?.kind !== 'page') return;
  const pageId = ctx.profile.fixtures['page_id'] ?? '';
  requirePageToken(req, pageId, READ, ctx.faults.has('thread-missing-permission-accepted'));
}

/** GET `/{thread_id}`: the thread's fields; `messages.source(PARTICIPANTS).limit(n)` filters the edge. */
function readThread(req: RefRequest, ctx: RefContext): RefResponse {
  pageToken(req, ctx);
  const fields = readString(req.params, 'fields');
  const specs =
    fields === undefined || fields.trim() === ''
      ? DEFAULT_THREAD_FIELDS.map((name) => ({ name, modifiers: {} }))
      : parseFieldSpecs(fields);
  return { status: 200, body: renderThread(specs, ctx, req) };
}

/** GET `/{thread_id}/messages`: the edge alone, `source` as a query parameter; shape free (NS-13). */
function readMessages(req: RefRequest, ctx: RefContext): RefResponse {
  pageToken(req, ctx);
  const messages = selectMessages(readString(req.params, 'source'), undefined, ctx);
  const page = paginate(messages, (message) => message.id, req, ctx, messagesPaging(ctx), { uncapped: true });
  return { status: 200, body: { data: page.data.map(renderMessage), paging: page.paging } };
}

/** Only under its fault switch: thread update and delete are unsupported (R2), so no route claims them. */
function acceptUnsupported(req: RefRequest, ctx: RefContext): RefResponse {
  pageToken(req, ctx);
  return { status: 200, body: { success: true } };
}

const isThreadUnderWriteFault = (params: Record<string, string>, ctx: RefContext): boolean =>
  ctx.faults.has('thread-update-delete-accepted') && isThread(params, ctx);

/** The fixture message thread; create, update and delete are unsupported (routed only under a fault). */
export const THREAD_GROUP: EndpointGroup = {
  name: 'thread',
  routes: [
    { method: 'GET', pattern: '/:thread_id', accepts: isThread, handler: readThread },
    {
      method: 'GET',
      pattern: '/:thread_id/messages',
      accepts: (params, ctx) => isThread(params, ctx) && !ctx.faults.has('thread-messages-edge-missing'),
      handler: readMessages,
    },
    { method: 'POST', pattern: '/:thread_id', accepts: isThreadUnderWriteFault, handler: acceptUnsupported },
    { method: 'DELETE', pattern: '/:thread_id', accepts: isThreadUnderWriteFault, handler: acceptUnsupported },
  ],
};

import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphError } from '../graph-error.js';
import { errorResponse, readBody, send } from '../http/respond.js';
import { type ControlDeps, CONTROL_ROUTES } from './control-routes.js';

/** Statuses a control error keeps; any other is answered 400. 429: at the session limit (contract §2.1). */
const KEPT_STATUSES = new Set([404, 429]);

/** Answers one `/_control/*` request: JSON in, JSON out, errors in the envelope with status 400 (or 404, 429). */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: ControlDeps,
  traceId: () => string,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname.slice('/_control'.length) || '/';
  const name = `${method} ${path}`;
  const handler = CONTROL_ROUTES[name] ?? deps.sessions?.controlRoute(method, path);
  try {
    const raw = await readBody(req);
    if (!handler)
      throw new GraphError(100, `No control endpoint ${name}.`, 'ControlException', undefined, 404);
    const result = await handler(parseJson(raw), deps);
    send(res, { status: 200, body: result }, {});
  } catch (error) {
    const response = errorResponse(error, traceId());
    if (error instanceof GraphError && !KEPT_STATUSES.has(error.status)) response.status = 400;
    send(res, response, {});
  }
}

function parseJson(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new GraphError(100, 'The control request body is not valid JSON.', 'ControlException');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new GraphError(100, 'The control request body must be a JSON object.', 'ControlException');
  }
  return body as Record<string, unknown>;
}

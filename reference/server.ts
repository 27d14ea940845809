import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleControl } from './control/control-server.js';
import { unsupported } from './graph-error.js';
import { parseRequestParams } from './http/parse-request.js';
import { errorResponse, readBody, send } from './http/respond.js';
import { createRuntime, type Runtime, type RuntimeOptions } from './runtime.js';
import { DEFAULT_MAX_SESSIONS } from './sessions/session-registry.js';
import { createSessions, type Sessions, unknownSession } from './sessions/sessions.js';
import { resolveToken } from './tokens.js';
import type { EndpointGroup, FaultSet, RefRequest, RefResponse } from './types.js';
import {
  enforceVersionHistory,
  resolveServedVersion,
  splitVersionPrefix,
  versionedAnswer,
  versionedError,
} from './versions.js';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** How one reference is set up: its runtime's options and the sessions it serves (contract §2.1). */
export interface ListenerOptions extends RuntimeOptions {
  /** Sessions live at once (default `DEFAULT_MAX_SESSIONS`); 0: the target does not serve `sessions`. */
  maxSessions?: number;
}

/**
 * The request listeners of one reference bound to `baseUrl`, sharing its state: `api` takes `/_control/*` to the
 * control protocol, `/_sessions/{id}/*` to that session's own runtime (its API and control protocol alike), and the
 * rest to the API; `media` serves the files a CDN would (`Route.media`) when `options.mediaUrl` names an origin of
 * their own, and the API then leaves them to it. A session serves its own files under its path: the media origin
 * holds the target's.
 */
export function createReferenceListeners(
  baseUrl: string,
  faults: FaultSet,
  groups?: EndpointGroup[],
  options: ListenerOptions = {},
): { api: RequestListener; media: RequestListener } {
  const { maxSessions = DEFAULT_MAX_SESSIONS, ...runtimeOptions } = options;
  const runtime = createRuntime(baseUrl, faults, groups, runtimeOptions);
  const { mediaUrl: _targetsOwn, ...sessionOptions } = runtimeOptions;
  const sessions =
    maxSessions > 0
      ? createSessions({
          baseUrl,
          limit: maxSessions,
          targetNow: () => runtime.clock.now(),
          startRuntime: (url, clockStart) => createRuntime(url, faults, groups, { ...sessionOptions, clockStart }),
        })
      : undefined;
  const api: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    const inSession = sessions?.resolve(url);
    const done =
      inSession === undefined
        ? serveRuntime(runtime, req, res, url, sessions)
        : 'unknown' in inSession
          ? refuseUnknownSession(req, res, inSession.unknown, runtime.traceId)
          : serveRuntime(inSession.runtime, req, res, inSession.url);
    done.catch((error: unknown) => send(res, errorResponse(error, runtime.traceId()), {}));
  };
  const media: RequestListener = (req, res) => {
    handleMedia(runtime, req, res, new URL(req.url ?? '/', runtime.ctx.mediaUrl)).catch(() => notFound(res));
  };
  return { api, media };
}

/**
 * The media origin, as a CDN: a GET of a file the reference published, without token, version or envelope;
 * anything else is a plain 404. Its `Date` is the machine's, as a CDN's would be, not the reference's clock.
 */
async function handleMedia(runtime: Runtime, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const found = req.method === 'GET' ? runtime.match('GET', url.pathname) : null;
  if (!found?.route.media) return notFound(res);
  const request: RefRequest = {
    method: 'GET',
    url,
    path: url.pathname,
    version: runtime.ctx.profile.versions.appDefault,
    versionPrefix: '',
    accessToken: null,
    params: {},
    files: [],
    headers: req.headers,
    token: null,
    pathParams: found.pathParams,
    rawBody: Buffer.alloc(0),
  };
  send(res, await found.route.handler(request, runtime.ctx), {});
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
}

/** One runtime's answer: the target's own, or a session's (which serves no sessions of its own). */
function serveRuntime(
  runtime: Runtime,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  sessions?: Sessions,
): Promise<void> {
  const { ctx, clock, store } = runtime;
  if (url.pathname !== '/_control' && !url.pathname.startsWith('/_control/')) return handleApi(runtime, req, res, url);
  return handleControl(req, res, url, { ctx, clock, store, ...(sessions ? { sessions } : {}) }, runtime.traceId);
}

/** A request under a session that is not live (never opened, deleted, idle too long): the envelope, status 404. */
async function refuseUnknownSession(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  traceId: () => string,
): Promise<void> {
  await readBody(req).catch(() => undefined);
  send(res, errorResponse(unknownSession(id), traceId()), {});
}

/**
 * Every API answer, error or not, names the version that served it (contract §3.2), and is dated by the
 * reference's own clock, the virtual one the control protocol moves: a suite without `GET /clock` reads the
 * target's time from the `Date` header (contract §3.5).
 */
async function handleApi(
  runtime: Runtime,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { faults } = runtime.ctx;
  const { versions } = runtime.ctx.profile;
  let served = versions.appDefault;
  const date = new Date(runtime.clock.now() * 1000).toUTCString();
  const headers = (): Record<string, string> => ({
    date,
    ...(faults.has('versioning-no-served-header') ? {} : { [versions.servedHeader]: served }),
  });
  try {
    const raw = await readBody(req);
    const { explicit } = splitVersionPrefix(url.pathname);
    served = resolveServedVersion(explicit, faults, versions);
    const answer = await dispatch(runtime, req, url, raw, served);
    send(res, versionedAnswer(answer, explicit, faults), headers());
  } catch (error) {
    send(res, errorResponse(versionedError(error, served, faults, versions.latest), runtime.traceId()), headers());
  }
}

/**
 * Version history, then token, then the route: an unsupported call or a refused version changes nothing,
 * and an unknown token never reaches a route.
 */
async function dispatch(
  runtime: Runtime,
  req: IncomingMessage,
  url: URL,
  raw: Buffer,
  served: string,
): Promise<RefResponse> {
  const { ctx } = runtime;
  const { explicit, path } = splitVersionPrefix(url.pathname);
  const method = req.method ?? 'GET';
  const found = runtime.match(method, path);
  // With a media origin of their own, the files a CDN would serve are not the API's.
  const elsewhere = found?.route.media === true && ctx.mediaUrl !== ctx.baseUrl;
  if (!found || elsewhere || (explicit === null && ctx.faults.has('versioning-bare-path-unsupported'))) {
    throw unsupported(method, path);
  }
  // A limited call changes nothing, not even the version history.
  runtime.rateLimit(method, path, { target: `${url.pathname}${url.search}`, body: raw });
  if (!found.route.exemptFromVersionHistory) enforceVersionHistory(explicit, ctx);
  const ignoreQuery = method === 'POST' && ctx.faults.has('params-post-query-ignored');
  const parsed = parseRequestParams(ignoreQuery ? tokenOnly(url) : url, req.headers, raw);
  if (ctx.faults.has('tokens-body-ignored') && !url.searchParams.has('access_token')) parsed.accessToken = null;
  const request: RefRequest = {
    method,
    url,
    path,
    version: served,
    versionPrefix: explicit === null ? '' : `/${explicit}`,
    accessToken: parsed.accessToken,
    params: parsed.params,
    files: parsed.files,
    headers: req.headers,
    token: resolveToken(parsed.accessToken, ctx),
    pathParams: found.pathParams,
    rawBody: raw,
  };
  const answer = await found.route.handler(request, ctx);
  return conventionFaults(answer, request, ctx.faults);
}

/** `params-post-query-ignored`: the query string as a POST handler that reads only the body sees it. */
function tokenOnly(url: URL): URL {
  const stripped = new URL(url);
  for (const name of [...stripped.searchParams.keys()]) if (name !== 'access_token') stripped.searchParams.delete(name);
  return stripped;
}

/** `conventions-create-answers-text`: a feed post's id as plain text, not JSON. */
function conventionFaults(answer: RefResponse, request: RefRequest, faults: FaultSet): RefResponse {
  const body = answer.body as { id?: unknown } | undefined;
  const feedPost = request.method === 'POST' && /^\/[^/]+\/feed$/.test(request.path);
  if (!faults.has('conventions-create-answers-text') || !feedPost || typeof body?.id !== 'string') return answer;
  return { status: answer.status, html: `id=${body.id}` };
}

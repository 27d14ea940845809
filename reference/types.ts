/**
 * The seams between the reference target's parts. The server (reference/server.ts) parses every request into
 * a `RefRequest`, resolves the version and the token, and hands it to the `Route` whose pattern matches.
 * Endpoint modules export `Route[]`; they never touch node:http themselves.
 *
 * The reference imports nothing from harness/, suites/ or schemas/.
 */

/** Seconds since the epoch on the target's virtual clock. */
export type UnixSeconds = number;

export interface VirtualClock {
  now(): UnixSeconds;
  /** Moves the clock; resolves after every hook has run everything due by the new time. */
  advance(seconds: number): Promise<UnixSeconds>;
  /** Hooks run in registration order on every advance (scheduled posts, retention, webhook retries). */
  onAdvance(hook: (now: UnixSeconds) => Promise<void> | void): void;
}

export type TokenKind = 'page' | 'user' | 'app' | 'system_user';

export interface TokenInfo {
  token: string;
  kind: TokenKind;
  /** Page tasks the person behind a Page token can perform. */
  tasks: string[];
  permissions: string[];
  /** The Page a Page token belongs to. */
  pageId?: string;
}

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface RefRequest {
  method: string;
  /** Path without the version prefix, e.g. `/2000001/feed`. */
  path: string;
  /** The version that serves the call (after fallback), e.g. `v25.0`. */
  version: string;
  /** Query, form and JSON-body parameters merged; JSON-looking form values stay strings. */
  params: Record<string, unknown>;
  files: UploadedFile[];
  headers: Record<string, string | string[] | undefined>;
  /** Resolved token, or null when `access_token` is absent. An unknown token never reaches a route. */
  token: TokenInfo | null;
  /** Path parameters from the route pattern (`/:page_id/feed` -> `page_id`). */
  pathParams: Record<string, string>;
  rawBody: Buffer;
}

export interface RefResponse {
  status: number;
  /** JSON-serialised unless `html` or `redirect` is set. */
  body?: unknown;
  html?: string;
  redirect?: string;
  headers?: Record<string, string>;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** `/:id/feed` style; matched after the version prefix is removed. */
  pattern: string;
  handler: (req: RefRequest, ctx: RefContext) => Promise<RefResponse> | RefResponse;
}

export interface FaultSet {
  /** True when the named fault switch is on. Unknown names are refused at start-up, never here. */
  has(name: string): boolean;
}

/** What every route and service sees. `state` is owned by reference/state.ts. */
export interface RefContext {
  clock: VirtualClock;
  faults: FaultSet;
  /** This server's own base URL, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
}

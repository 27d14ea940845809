/**
 * The seams between the reference target's parts. The server (reference/server.ts) parses every request into
 * a `RefRequest`, resolves the version and the token, and hands it to the `Route` whose pattern matches.
 * Endpoint modules export `Route[]`; they never touch node:http themselves.
 *
 * The reference imports nothing from harness/, suites/ or schemas/.
 */

import type { WebhookService } from './webhook-seam.js';

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
  /** The URL as received (query included). */
  url: URL;
  /** `/v25.0` when the call named a version explicitly, '' for an unversioned call; reused in `paging.next`. */
  versionPrefix: string;
  /** The access token string as sent (parameter or bearer header), for links such as `paging.next`. */
  accessToken: string | null;
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
  /** JSON-serialised unless `html`, `file` or `redirect` is set. */
  body?: unknown;
  html?: string;
  /** Bytes sent as they are (a stored photo's image). */
  file?: { contentType: string; data: Buffer };
  redirect?: string;
  headers?: Record<string, string>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `/:id/feed` style; matched after the version prefix is removed. */
  pattern: string;
  /**
   * Lets several groups share a pattern such as `/:id`: the first route whose pattern matches and whose
   * `accepts` says yes serves the call. Absent means yes.
   */
  accepts?: (pathParams: Record<string, string>, ctx: RefContext) => boolean;
  /** True for dialogs (the authorization window): their versioned calls neither fix nor obey the version history. */
  exemptFromVersionHistory?: boolean;
  /**
   * A file a CDN would serve (a post's picture, a published photo's image): with a media origin, served there alone,
   * without token or version (`server.ts`); without one, by the API like any route.
   */
  media?: boolean;
  handler: (req: RefRequest, ctx: RefContext) => Promise<RefResponse> | RefResponse;
}

export interface FaultSet {
  /** True when the named fault switch is on. Unknown names are refused at start-up, never here. */
  has(name: string): boolean;
}

/** A named piece of state owned by one endpoint group; `init` builds its initial fixtures. */
export interface StateSlice<S> {
  readonly key: string;
  init(ctx: RefContext): S;
}

/** Holds every slice of one running reference. `reset` (control protocol) drops them all. */
export interface StateStore {
  /** The slice's current value, built by its `init` on first use after start or reset. */
  get<S>(slice: StateSlice<S>): S;
}

/** Run-level settings the control protocol sets; unlike state they survive `reset` (contract §2, `app`). */
export interface AppSettings {
  live: boolean;
  trustedCaPems: string[];
}

/**
 * One endpoint group (feed, auth, photos, ...): its routes, and an optional hook that the clock runs on every
 * advance, before the advance answers. Groups are listed in reference/endpoints/index.ts; the server never
 * names one.
 */
export interface EndpointGroup {
  name: string;
  routes: Route[];
  onAdvance?: (ctx: RefContext, now: UnixSeconds) => Promise<void> | void;
}

/** The profile's typed core (contract §1); `toProfileDocument` turns it into the served JSON. */
export interface RefProfile {
  baseUrl: string;
  versions: { latest: string; usable: string[]; expired: string[]; appDefault: string; servedHeader: string };
  app: { id: string; secret: string; accessToken: string; redirectUris: string[] };
  tokens: Record<string, string>;
  fixtures: Record<string, string>;
  /** Mutual TLS on webhook callbacks: the common name of the client certificate presented; absent: none. */
  mtlsClientCn?: string;
}

/** What every route and service sees. */
export interface RefContext {
  clock: VirtualClock;
  faults: FaultSet;
  /** This server's own base URL, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  /** Where the files a CDN would serve are (`Route.media`): `baseUrl`, or the media origin when one was asked for. */
  mediaUrl: string;
  profile: RefProfile;
  state: StateStore;
  settings: AppSettings;
  webhooks: WebhookService;
  /**
   * `full`: the Page starts with seeded posts, photos, comments and templates. `empty`: with none of them, so
   * a suite that passes judged only what it created; what the interface cannot create (the thread, the product
   * feed upload and its errors, the videos) is there either way.
   */
  fixtures: FixtureSet;
}

export type FixtureSet = 'full' | 'empty';

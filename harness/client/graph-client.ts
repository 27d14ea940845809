import { CannotJudgeError } from '../errors.js';
import type { Profile } from '../profile/profile.js';
import { encodeBody, encodeParams, type RequestBody } from './encode.js';
import type { Exchange } from '../model/index.js';
import { fetchMedia } from './media-fetch.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import { OriginPolicy } from './origin-policy.js';
import { DEFAULT_RATE_LIMIT, type RateLimitPolicy, sendRespectingLimits } from './rate-limit.js';
import { type SentExchange, send } from './send.js';
import type { TargetLink } from './target-link.js';

/** What a step asks the client to send; templates are already evaluated. */
export interface GraphRequest {
  method: string;
  /** Which of the profile's base addresses the path is under; `url` means `path` is absolute. */
  base: 'api' | 'auth' | 'imgnet' | 'url';
  path: string;
  /** A version like `v25.0`, or null for the bare (unversioned) path. */
  version: string | null;
  /** The access token to send as the `access_token` parameter, or null for none (a `url` that carries one keeps its own). */
  token: string | null;
  /** Where `access_token` travels: the query string (default) or the body, as a form or multipart field. */
  tokenIn?: 'query' | 'body';
  query?: Record<string, unknown>;
  body?: RequestBody;
  headers?: Record<string, string>;
  /** With `base: url`: where the target handed the URL over (`paging.next`), named when it leads elsewhere. */
  link?: string;
}

/** What a `GraphClient` is made of. */
export interface GraphClientOptions {
  profile: Profile;
  /** Per request. */
  timeoutMs: number;
  /** The most bytes of one answer held in memory (default `send.ts`'s 16 MiB; tests make it small). */
  maxBodyBytes?: number;
  /** Where requests may go; by default the profile's own origins. */
  origins?: OriginPolicy;
  /** The run's pool, rate cap and measured round trip; absent: undici's global pool. */
  link?: TargetLink;
  /** How a rate-limited answer is met (wait and send again); `false`: kept as it came, for a step judging it. */
  rateLimits?: RateLimitPolicy | false;
}

/** The one client that talks to the target's interface. Every call comes back as evidence. */
export class GraphClient {
  private readonly profile: Profile;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number | undefined;
  private readonly origins: OriginPolicy;
  private readonly link: TargetLink | undefined;
  private readonly rateLimits: RateLimitPolicy | false;

  constructor(private readonly options: GraphClientOptions) {
    this.profile = options.profile;
    this.timeoutMs = options.timeoutMs;
    this.maxBodyBytes = options.maxBodyBytes;
    this.origins = options.origins ?? OriginPolicy.forProfile(options.profile);
    this.link = options.link;
    this.rateLimits = options.rateLimits ?? DEFAULT_RATE_LIMIT;
  }

  /** The median round trip of the run's recent answers (ms), undefined before any or without the run's link. */
  roundTripMs(): number | undefined {
    return this.link?.medianRoundTripMs();
  }

  /** The same client, keeping a rate-limited answer as it came: for a step whose expectations judge that refusal. */
  takingRateLimitsAsAnswers(): GraphClient {
    return new GraphClient({ ...this.options, origins: this.origins, rateLimits: false });
  }

  /** Sends the request; a rate-limited answer (80001, 80008, HTTP 429, `Retry-After`) is waited out and sent again. */
  async send(req: GraphRequest): Promise<SentExchange> {
    if (!this.rateLimits) return this.sendOnce(req);
    return sendRespectingLimits(() => this.sendOnce(req), this.profile.errors.code, this.rateLimits);
  }

  /**
   * Fetches a file the target handed over (`full_picture`), from whatever http(s) origin serves it, with no
   * credential (contract §4a, `media-fetch.ts`); `link` names where the URL came from, `onRedirect` gets each hop.
   */
  fetchMedia(url: string, link: string, onRedirect?: (exchange: Exchange) => void): Promise<SentExchange> {
    return fetchMedia(url, link, {
      timeoutMs: this.timeoutMs,
      ...(this.maxBodyBytes !== undefined ? { maxBodyBytes: this.maxBodyBytes } : {}),
      origins: this.origins,
      ...(onRedirect ? { onRedirect } : {}),
    });
  }

  private async sendOnce(req: GraphRequest): Promise<SentExchange> {
    const url = this.urlFor(req);
    const query = new URLSearchParams(url.search);
    // Asked before the token is added: a URL on another origin never holds the suite's token, not even in memory.
    const carriesToken = req.token !== null || query.has('access_token');
    this.origins.check(url, { method: req.method, ...(req.base === 'url' ? { link: req.link ?? 'a link' } : {}), carriesToken });
    for (const [k, v] of encodeParams(req.query ?? {})) query.append(k, v);
    const inBody = req.token !== null && req.tokenIn === 'body';
    // Contract §3.4: a link (`paging.next`) is followed as given; its own token wins, the suite's fills in for none.
    const linkToken = req.base === 'url' && query.has('access_token');
    if (req.token !== null && !inBody && !linkToken) query.set('access_token', req.token);
    url.search = query.toString();
    const body = inBody ? withToken(req.body, req.token!) : req.body;
    const encoded = body ? encodeBody(body) : undefined;
    const headers: Record<string, string> = { 'user-agent': 'graphcheck', ...encoded?.headers, ...req.headers };
    return send({
      method: req.method,
      url: url.toString(),
      headers,
      body: encoded?.bytes,
      timeoutMs: this.timeoutMs,
      maxBodyBytes: this.maxBodyBytes,
      origins: this.origins,
      ...(this.link ? { link: this.link } : {}),
    });
  }

  private urlFor(req: GraphRequest): URL {
    if (req.base === 'url') return linkUrl(req);
    const base = { api: this.profile.base_url, auth: this.profile.auth_url, imgnet: this.profile.imgnet_base_url }[
      req.base
    ];
    const prefix = req.version ? `/${req.version}` : '';
    return new URL(base.replace(/\/+$/, '') + prefix + req.path);
  }
}

/** A link the target handed over, as an absolute URL without userinfo; anything else is garbage, not a URL to try. */
function linkUrl(req: GraphRequest): URL {
  try {
    return new URL(withoutUserinfo(req.path));
  } catch {
    throw new CannotJudgeError('TARGET_GARBAGE', `${req.link ?? 'a link'} is ${JSON.stringify(req.path.slice(0, 200))}, not an absolute URL (contract §3.4)`);
  }
}

/** The body with `access_token` among its parameters: a form field, a multipart field, or a form of its own. */
function withToken(body: RequestBody | undefined, token: string): RequestBody {
  if (!body) return { form: { access_token: token } };
  if ('form' in body) return { form: { ...body.form, access_token: token } };
  if ('multipart' in body) return { multipart: { ...body.multipart, fields: { ...body.multipart.fields, access_token: token } } };
  return { json: { ...(body.json as Record<string, unknown>), access_token: token } };
}

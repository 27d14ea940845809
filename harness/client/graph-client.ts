import type { Profile } from '../profile/profile.js';
import { encodeBody, encodeParams, type RequestBody } from './encode.js';
import { type SentExchange, send } from './send.js';

/** What a step asks the client to send; templates are already evaluated. */
export interface GraphRequest {
  method: string;
  /** Which of the profile's base addresses the path is under; `url` means `path` is absolute. */
  base: 'api' | 'auth' | 'imgnet' | 'url';
  path: string;
  /** A version like `v25.0`, or null for the bare (unversioned) path. */
  version: string | null;
  /** The access token to send as the `access_token` parameter, or null for none. */
  token: string | null;
  query?: Record<string, unknown>;
  body?: RequestBody;
  headers?: Record<string, string>;
}

/** The one client that talks to the target's interface. Every call comes back as evidence. */
export class GraphClient {
  constructor(
    private readonly profile: Profile,
    private readonly timeoutMs: number,
  ) {}

  async send(req: GraphRequest): Promise<SentExchange> {
    const url = this.urlFor(req);
    const query = new URLSearchParams(url.search);
    for (const [k, v] of encodeParams(req.query ?? {})) query.append(k, v);
    if (req.token !== null) query.set('access_token', req.token);
    url.search = query.toString();
    const encoded = req.body ? encodeBody(req.body) : undefined;
    const headers: Record<string, string> = { 'user-agent': 'graphcheck', ...encoded?.headers, ...req.headers };
    return send({ method: req.method, url: url.toString(), headers, body: encoded?.bytes, timeoutMs: this.timeoutMs });
  }

  private urlFor(req: GraphRequest): URL {
    if (req.base === 'url') return new URL(req.path);
    const base = { api: this.profile.base_url, auth: this.profile.auth_url, imgnet: this.profile.imgnet_base_url }[
      req.base
    ];
    const prefix = req.version ? `/${req.version}` : '';
    return new URL(base.replace(/\/+$/, '') + prefix + req.path);
  }
}

import { TargetFailure } from '../errors.js';
import type { Exchange } from '../model/index.js';
import { headerValue } from '../headers.js';
import type { OriginPolicy } from './origin-policy.js';
import { type SentExchange, send } from './send.js';

/** Redirects a file fetch follows before the rule is left unjudged: a CDN redirects once or twice, a loop forever. */
export const MAX_MEDIA_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface MediaFetchOptions {
  /** The whole fetch, redirects included, ends within this. */
  timeoutMs: number;
  /** The most bytes of the file held in memory (default 16 MiB); past it the rule cannot judge. */
  maxBodyBytes?: number;
  /** The run's origin policy: its media rule decides where the fetch may go (`OriginPolicy.forMedia`). */
  origins: OriginPolicy;
  /** Each redirect as it is met, before the next hop (evidence even when a later hop fails). */
  onRedirect?(exchange: Exchange): void;
}

/**
 * The answer that served the file (its URL names the origin that served it). Fetches a file the target handed over (`full_picture`, a photo file) as contract §4a says: a plain GET from any
 * http(s) origin, with no token, cookie, `Authorization` or other credential, redirects followed the same way (each
 * hop's scheme checked again, at most `MAX_MEDIA_REDIRECTS`), the body read under the size limit, the whole within
 * the timeout. Nothing here can add a credential: the request is built from the URL alone. The exchanges are of
 * kind `media`, so their `Date` header (a CDN's clock) is never taken for the target's time.
 */
export async function fetchMedia(url: string, link: string, options: MediaFetchOptions): Promise<SentExchange> {
  const deadline = Date.now() + options.timeoutMs;
  const origins = options.origins.forMedia(link);
  let redirects = 0;
  let at = url;
  for (;;) {
    const file = await send({
      kind: 'media',
      method: 'GET',
      url: at,
      headers: { 'user-agent': 'graphcheck' },
      timeoutMs: Math.max(1, deadline - Date.now()),
      ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
      origins,
    });
    const { response } = file.exchange;
    const location = response && REDIRECTS.has(response.status) ? headerValue(response.headers, 'location') : undefined;
    if (location === undefined) return file;
    options.onRedirect?.(file.exchange);
    if (++redirects > MAX_MEDIA_REDIRECTS) {
      throw new TargetFailure('TARGET_GARBAGE', `${link}: more than ${MAX_MEDIA_REDIRECTS} redirects, the last to ${location.slice(0, 200)}: not followed further`, file.exchange);
    }
    at = nextHop(location, at, link, file.exchange);
  }
}

/** Where a redirect leads, resolved against the URL that answered it. */
function nextHop(location: string, from: string, link: string, exchange: Exchange): string {
  try {
    return new URL(location, from).toString();
  } catch {
    throw new TargetFailure('TARGET_GARBAGE', `${link}: a redirect to ${JSON.stringify(location.slice(0, 200))}, not a URL`, exchange);
  }
}

import { CannotJudgeError, ForeignOriginError } from '../errors.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import type { Profile } from '../profile/profile.js';

/** What is known of a request about to go out, for the refusal's message and its verdict. */
export interface OutgoingOrigin {
  method: string;
  /** Where the URL came from when the target handed it over (`paging.next`, `captured.next`). */
  link?: string;
  /** The request would carry an access token (the suite's, or one the link holds). */
  carriesToken?: boolean;
}

/** What a sender asks before it sends anything: `check` throws when the request may not go to `url`. */
export interface Destinations {
  check(url: string | URL, request: OutgoingOrigin): void;
}

/** The profile keys that name addresses (contract §1), in the order refusals name them. */
export const PROFILE_URL_KEYS = ['base_url', 'auth_url', 'imgnet_base_url', 'control_url'] as const;

/**
 * Where the run may send requests, and so tokens: the origins the profile was given for, those the user allowed
 * (`--allow-origin`), and the suite's own servers. Credentials follow the origin, never a link (undici drops
 * `authorization` on a cross-origin redirect for the same reason): a URL the target hands over is data to judge.
 * Every sender asks `check` before it sends; nothing else decides where requests go.
 */
export class OriginPolicy implements Destinations {
  private constructor(
    private readonly allowed: ReadonlySet<string>,
    /** The target's origin, as refusals name it. */
    readonly target: string,
    /** An offline repeat: the recorded run's own origins, which only the cassette may answer for. */
    private readonly recorded?: ReadonlySet<string>,
  ) {}

  /** The origins of `urls`; the first is the target's. */
  static of(urls: readonly [string, ...string[]]): OriginPolicy {
    return new OriginPolicy(new Set(urls.map(originOf)), originOf(urls[0]));
  }

  /** The origins of the profile's addresses and of `allowOrigins` (URLs; their origin counts). */
  static forProfile(profile: Profile, allowOrigins: readonly string[] = []): OriginPolicy {
    return OriginPolicy.of([profile.base_url, ...profileUrls(profile), ...allowOrigins]);
  }

  /** `run --cassette`: requests go to the replay `server` alone, whatever the recorded profile names. */
  static offline(server: string, recorded: Profile): OriginPolicy {
    return new OriginPolicy(new Set([originOf(server)]), originOf(recorded.base_url), new Set(profileUrls(recorded).map(originOf)));
  }

  /** This policy with the origins of `urls` allowed too (the run's content host). */
  with(...urls: string[]): OriginPolicy {
    return new OriginPolicy(new Set([...this.allowed, ...urls.map(originOf)]), this.target, this.recorded);
  }

  allows(url: string | URL): boolean {
    const origin = originOf(url);
    return origin !== 'null' && this.allowed.has(origin);
  }

  /** Throws `ForeignOriginError` unless `url` may be requested; called before the request (or its token) is built. */
  check(url: string | URL, request: OutgoingOrigin): void {
    if (this.allows(url)) return;
    const parsed = new URL(url);
    const origin = parsed.origin === 'null' ? `${parsed.protocol}//` : parsed.origin;
    const shown = `${origin}${parsed.pathname}`;
    const answeredOffline = this.recorded !== undefined && (request.link === undefined || this.recorded.has(origin));
    const link = answeredOffline ? undefined : request.link;
    const message = answeredOffline
      ? `${request.method} ${shown}: an offline repeat makes no network request, and the cassette answers for the recorded target ${this.target} alone`
      : link !== undefined
        ? `${link} leads to ${shown}, another origin than the target's ${this.target}; graphcheck does not follow it (--allow-origin ${origin} would let it)`
        : `${request.method} ${shown}: ${origin} is not an origin this run was given (${[...this.allowed].join(', ')}); graphcheck sends nothing there (--allow-origin ${origin} would let it)`;
    throw new ForeignOriginError(message, withoutUserinfo(parsed), { refused: origin, target: this.target }, link, request.carriesToken === true);
  }

  /**
   * Where a file the target handed over (`full_picture`, a photo file) may be fetched from: any http(s) origin,
   * as a CDN serves it (contract §4a), since such a fetch carries no credential of the suite's. What the target
   * wrote into the link stays its own: a link holding an `access_token` goes only where a token may. An offline
   * repeat still sends nothing past its replay server. `link` names where the URL came from.
   */
  forMedia(link: string): Destinations {
    return { check: (url, request) => this.checkMedia(absolute(url, link), { ...request, link }) };
  }

  private checkMedia(url: URL, request: OutgoingOrigin & { link: string }): void {
    const shown = `${url.protocol}//${url.host}${url.pathname}`;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CannotJudgeError('TARGET_GARBAGE', `${request.link} is ${JSON.stringify(shown.slice(0, 200))}: graphcheck fetches a file the target hands over from an http(s) URL only (contract §4a)`);
    }
    if (this.allows(url)) return;
    if (this.recorded !== undefined) {
      const message = `${request.link} is on ${url.origin}: an offline repeat makes no network request, and the cassette holds only the recorded target's traffic (the file was fetched from there live)`;
      throw new ForeignOriginError(message, withoutUserinfo(url), { refused: url.origin, target: this.target }, undefined, false);
    }
    if (url.searchParams.has('access_token')) {
      // Not a finding: nothing says a file's link may not hold a token, only that the suite sends none elsewhere.
      const message = `${request.link} carries an access_token to ${url.origin}, not an origin this run was given; graphcheck sends no token there, and fetches such a file without credentials (contract §4a)`;
      throw new ForeignOriginError(message, withoutUserinfo(url), { refused: url.origin, target: this.target }, undefined, true);
    }
  }
}

/** A link the target handed over, as a URL; anything else is garbage, not a URL to try. */
function absolute(url: string | URL, link: string): URL {
  if (url instanceof URL) return url;
  if (!URL.canParse(url)) throw new CannotJudgeError('TARGET_GARBAGE', `${link} is ${JSON.stringify(url.slice(0, 200))}, not an absolute URL`);
  return new URL(url);
}

/** The profile's addresses (`control_url` when it has one). */
export function profileUrls(profile: Pick<Profile, (typeof PROFILE_URL_KEYS)[number]>): string[] {
  return PROFILE_URL_KEYS.map((key) => profile[key]).filter((url): url is string => typeof url === 'string');
}

/** `scheme://host:port` of a URL (`null` for one without an origin, which no policy allows). */
export function originOf(url: string | URL): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

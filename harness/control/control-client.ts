import { CannotJudgeError } from '../errors.js';
import type { Exchange } from '../model/index.js';
import type { Capability, Profile } from '../profile/profile.js';
import { OriginPolicy } from '../client/origin-policy.js';
import { type SentExchange, send } from '../client/send.js';
import { headerValue } from '../headers.js';
import { ClockMemory } from './clock-memory.js';
import type { TargetLink } from '../client/target-link.js';

/** What a `ControlClient` is made of. */
export interface ControlClientOptions {
  profile: Profile;
  /** Per request. */
  timeoutMs: number;
  /** Each call, as evidence (default: kept nowhere). */
  onExchange?: (exchange: Exchange) => void;
  /** Shared by the run's control clients: every clock value they see, for dating webhook arrivals. */
  clock?: ClockMemory;
  /** Where requests may go: the run's policy, by default the profile's own origins. */
  origins?: OriginPolicy;
  /** The run's pool, rate cap and measured round trip (shared with the API client); absent: undici's own. */
  link?: TargetLink;
}

/**
 * The control protocol (contract §2). Every call is kept as evidence through `onExchange`; any non-2xx answer is
 * a setup failure of the run, except `authorize`'s error answer, which is what the window rules judge.
 */
export class ControlClient {
  private readonly profile: Profile;
  private readonly timeoutMs: number;
  private readonly onExchange: (exchange: Exchange) => void;
  private readonly clock: ClockMemory;
  private readonly origins: OriginPolicy;
  private readonly link: TargetLink | undefined;

  constructor(options: ControlClientOptions) {
    this.profile = options.profile;
    this.timeoutMs = options.timeoutMs;
    this.onExchange = options.onExchange ?? (() => {});
    this.clock = options.clock ?? new ClockMemory();
    this.origins = options.origins ?? OriginPolicy.forProfile(options.profile);
    this.link = options.link;
  }

  /** The same protocol, clock memory and origins, keeping every call in `evidence` (one execution of a rule). */
  keepingIn(evidence: Exchange[]): ControlClient {
    const { profile, timeoutMs, clock, origins, link } = this;
    return new ControlClient({ profile, timeoutMs, onExchange: (exchange) => evidence.push(exchange), clock, origins, ...(link ? { link } : {}) });
  }

  has(capability: Capability): boolean {
    return Boolean(this.profile.control_url) && this.profile.capabilities.includes(capability);
  }

  async reset(): Promise<void> {
    await this.call('reset', 'POST', '/reset', {});
    this.clock.forget();
  }

  async now(): Promise<number> {
    const { json } = await this.call('clock', 'GET', '/clock');
    return this.clock.seen(numberField(json, 'now', 'GET /clock'));
  }

  /** The target's clock as this run's control clients last read or moved it, without asking the target. */
  knownNow(): number | undefined {
    return this.clock.latest();
  }

  async advance(seconds: number): Promise<number> {
    const { json } = await this.call('clock', 'POST', '/clock', { advance_seconds: seconds });
    this.clock.advanced(seconds);
    return this.clock.seen(numberField(json, 'now', 'POST /clock'));
  }

  /** Seconds this run has moved the target's clock since its last reset. */
  movedSinceReset(): number {
    return this.clock.movedSinceReset();
  }

  /** Acts as the person in the window; returns the whole exchange so rules can judge an error answer too. */
  authorize(query: Record<string, string>, decision: 'allow' | 'deny'): Promise<SentExchange> {
    return this.call('authorize', 'POST', '/authorize', { query, decision }, { allowClientError: true });
  }

  async events(body: unknown): Promise<SentExchange> {
    return this.call('events', 'POST', '/events', body);
  }

  async trust(caPem: string): Promise<void> {
    await this.call('trust', 'POST', '/trust', { ca_pem: caPem });
  }

  async setLive(live: boolean): Promise<void> {
    await this.call('app', 'POST', '/app', { live });
  }

  private async call(
    capability: Capability,
    method: string,
    path: string,
    body?: unknown,
    options: { allowClientError?: boolean } = {},
  ): Promise<SentExchange> {
    if (!this.has(capability)) {
      throw new CannotJudgeError('CONTROL_FAILED', `the target does not serve the control capability "${capability}"`);
    }
    const sent = await send({
      kind: 'control',
      method,
      url: this.profile.control_url!.replace(/\/+$/, '') + path,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      timeoutMs: this.timeoutMs,
      origins: this.origins,
      ...(this.link ? { link: this.link } : {}),
    });
    this.onExchange(sent.exchange);
    const status = sent.exchange.response?.status ?? 0;
    const clientError = status >= 400 && status < 500 && options.allowClientError;
    if ((status < 200 || status > 299) && !clientError) {
      throw new CannotJudgeError(
        'CONTROL_FAILED',
        `control ${method} ${path} answered HTTP ${status}; the control protocol must answer 2xx (contract §2)`,
      );
    }
    return sent;
  }
}

function numberField(json: unknown, field: string, what: string): number {
  const value = (json as Record<string, unknown> | undefined)?.[field];
  if (typeof value !== 'number') {
    throw new CannotJudgeError('CONTROL_FAILED', `control ${what} did not answer {"${field}": <number>}`);
  }
  return value;
}

/** The target's clock without the control protocol: the Date header of a response (contract §3.5). */
export function clockFromDateHeader(exchange: Exchange | undefined): number | undefined {
  const date = headerValue(exchange?.response?.headers, 'date');
  const ms = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

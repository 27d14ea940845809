import type { ControlClient } from '../control/control-client.js';
import type { Profile } from '../profile/profile.js';
import { type CertificateAuthority, createCertificateAuthority } from '../ca/index.js';
import { type Attempt, type Receiver, type ReceiverOptions, type Verification, nextOrdinal } from '../receiver/index.js';
import { type AdvanceWindow, attemptEvidence, verificationEvidence } from './attempt-evidence.js';
import { type ArrivalSink, type ArrivalSource, liveArrivals } from './arrivals.js';
import { type Callback, type CallbackVariant, fromReceiver } from './callback-variants.js';

/** `receiver.*` in suite templates; filled when the run's receiver starts. */
export interface ReceiverView {
  url?: string;
  callback?: string;
  verify_token?: string;
}

/**
 * The run's webhook side: one CA and one receiver, started on first use and closed with the run, plus the
 * negative callbacks single steps need, and the clock and Live moves that date and explain what arrives.
 */
export interface WebhookHarness {
  /** Why rules that need a receiver cannot run here (they are skipped with it), or undefined. */
  readonly unavailable: string | undefined;
  readonly view: ReceiverView;
  /** The verify token every receiver of the run checks (`receiver.verify_token`). */
  readonly verifyToken: string;
  /** The Live setting as the suite last left it (the profile's `app.live` until a step changes it). */
  readonly live: boolean;
  /** The run's receiver; the first call creates the CA if needed, hands it over with `trust`, and starts it. */
  receiver(): Promise<Receiver>;
  /**
   * A callback for one step: the run's receiver, or a refused one that `close()` stops. With a verify token other
   * than the run's, a good callback of its own that checks that token.
   */
  callback(variant: CallbackVariant, verifyToken?: string): Promise<Callback>;
  /** A verify token a step chose from the seed: recorded as sent, not as a secret (see ArrivalSink). */
  notSecret(value: string): void;
  /** The target's clock (control `clock`), read without adding evidence. */
  now(): Promise<number>;
  /** Moves the target's clock without adding evidence, and remembers when, to date what arrives meanwhile. */
  advance(seconds: number): Promise<number>;
  windows(): readonly AdvanceWindow[];
  /** Sets the app's Live setting through `control` (an execution's, keeping evidence); it is set back for the next run. */
  setLive(live: boolean, control: ControlClient): Promise<void>;
  /** A run's first webhook step: forget the previous run's attempts and failures, and set Live back. */
  beginRun(): Promise<void>;
  /**
   * The webhook side of a session (contract §2.1): `control` and `profile` are the session's (its own app, clock and
   * trusted CAs), the run's CA is handed to it with `trust`, and its receiver is a route of the run's one (`name`),
   * so its deliveries are told apart from every other session's. Its `close()` drops the route alone.
   */
  forSession(name: string, profile: Profile, control: ControlClient): WebhookHarness;
  close(): Promise<void>;
}

export interface WebhookHarnessOptions {
  profile: Profile;
  /** The control protocol without evidence: trust, clock reads, long clock drives, Live restores. */
  control: ControlClient;
  /** A CA the target already trusts (`--ca-dir`); otherwise one is created and handed over with `trust`. */
  ca?: CertificateAuthority;
  /** Where arrivals come from (default: receivers that listen); `run --cassette` hands over the taped ones. */
  arrivals?: ArrivalSource;
  /** Where arrivals go besides the steps that wait for them: `run --record` hands over the cassette. */
  sink?: ArrivalSink;
  /** A session's webhook side: the run's receiver (a route of it, `name`) and CA. */
  session?: { name: string; run: RunWebhooks };
}

export function createWebhookHarness(options: WebhookHarnessOptions): WebhookHarness {
  return new RunWebhooks(options);
}

class RunWebhooks implements WebhookHarness {
  readonly unavailable: string | undefined;
  readonly verifyToken: string;
  readonly view: ReceiverView;
  private readonly configuredLive: boolean;
  private currentLive: boolean;
  private readonly advances: AdvanceWindow[] = [];
  private readonly base: ReceiverOptions;
  private readonly arrivals: ArrivalSource;
  private ca: Promise<CertificateAuthority> | undefined;
  private authorityMade: Promise<CertificateAuthority> | undefined;
  private started: Promise<Receiver> | undefined;
  /** Arrivals that came while the clock was being moved, taped once the move ends (see `tapeArrival`). */
  private held: TapedArrival[] | undefined;

  constructor(private readonly options: WebhookHarnessOptions) {
    const { profile, control, sink } = options;
    const given = options.ca ?? options.session?.run.options.ca;
    this.unavailable = given || control.has('trust') ? undefined : UNTRUSTED;
    this.configuredLive = this.currentLive = profile.app.live ?? true;
    this.arrivals = options.arrivals ?? liveArrivals();
    this.verifyToken = this.arrivals.verifyToken;
    this.view = { verify_token: this.verifyToken };
    this.base = {
      host: profile.webhooks.receiver_host,
      verifyToken: this.verifyToken,
      appSecret: profile.app.secret ?? '',
      // Arrivals are dated by the clock as last seen: the target may be busy making the very callback.
      ...(control.has('clock') ? { clock: () => control.knownNow() } : {}),
      ...(profile.webhooks.mtls ? { mtls: { expectedCn: profile.webhooks.client_cert_cn } } : {}),
      ...(sink ? { onArrival: (arrival, url) => this.tapeArrival(sink, { arrival, url }) } : {}),
    };
  }

  get live(): boolean {
    return this.currentLive;
  }

  receiver(): Promise<Receiver> {
    this.started ??= this.start();
    return this.started;
  }

  async callback(variant: CallbackVariant, verifyToken?: string): Promise<Callback> {
    const ownToken = verifyToken !== undefined && verifyToken !== this.verifyToken;
    if (variant === 'receiver' && !ownToken) return fromReceiver(await this.receiver(), async () => {});
    const base = ownToken ? { ...this.base, verifyToken } : this.base;
    return this.arrivals.callback(variant, base, () => this.trustedCa());
  }

  notSecret(value: string): void {
    this.options.sink?.notSecret(value);
  }

  now(): Promise<number> {
    return this.options.control.now();
  }

  async advance(seconds: number): Promise<number> {
    const startOrdinal = nextOrdinal();
    this.held = [];
    try {
      const to = await this.options.control.advance(seconds);
      this.advances.push({ startOrdinal, endOrdinal: nextOrdinal(), from: to - seconds, to });
      return to;
    } finally {
      const held = this.held;
      this.held = undefined;
      for (const one of held) this.tapeArrival(this.options.sink!, one);
    }
  }

  windows(): readonly AdvanceWindow[] {
    return this.advances;
  }

  async setLive(live: boolean, control: ControlClient): Promise<void> {
    await control.setLive(live);
    this.currentLive = live;
  }

  async beginRun(): Promise<void> {
    this.advances.length = 0;
    if (this.started) (await this.started).clear();
    await this.restoreLive();
  }

  forSession(name: string, profile: Profile, control: ControlClient): WebhookHarness {
    const { ca: _given, sink: _sink, arrivals, ...shared } = this.options;
    return new RunWebhooks({ ...shared, profile, control, ...(arrivals ? { arrivals } : {}), session: { name, run: this } });
  }

  async close(): Promise<void> {
    // A session's Live setting goes with the session, which is deleted next.
    if (!this.options.session) await this.restoreLive().catch(() => undefined);
    const receiver = await this.started?.catch(() => undefined);
    await receiver?.close();
  }

  private async start(): Promise<Receiver> {
    const { session } = this.options;
    if (session) {
      const run = await session.run.receiver();
      if (!run.route) throw new Error('a session needs a receiver that listens (its own route)');
      await this.trustedCa();
      const { host: _host, ...route } = this.base;
      const receiver = run.route(session.name, route);
      Object.assign(this.view, { url: receiver.url, callback: receiver.callbackUrl('/webhook') });
      return receiver;
    }
    const receiver = await this.arrivals.receiver(this.base, () => this.trustedCa());
    Object.assign(this.view, { url: receiver.url, callback: receiver.callbackUrl('/webhook') });
    return receiver;
  }

  /**
   * Each verification or attempt into the cassette as the exchange a check would see. One that comes while the
   * clock is being moved waits for the move to end, so it is dated by the whole window, as the suite dates it.
   */
  private tapeArrival(sink: ArrivalSink, one: TapedArrival): void {
    if (this.held) return void this.held.push(one);
    const { arrival, url } = one;
    sink.record('rawBody' in arrival ? attemptEvidence(arrival, url, this.advances) : verificationEvidence(arrival, url));
  }

  /** The run's CA: the one given, or a new one the target is told to trust (contract §4). */
  private trustedCa(): Promise<CertificateAuthority> {
    this.ca ??= (async () => {
      const { session } = this.options;
      const ca = await (session ? session.run : this).authority();
      if (this.options.control.has('trust')) await this.options.control.trust(ca.certPem);
      return ca;
    })();
    return this.ca;
  }

  /** The run's CA, created once for the run and its sessions, each of which trusts it through its own control. */
  authority(): Promise<CertificateAuthority> {
    this.authorityMade ??= this.options.ca ? Promise.resolve(this.options.ca) : createCertificateAuthority();
    return this.authorityMade;
  }

  /** Control `app` survives `reset`; the suite sets it back (contract §2) before the next run uses delivery. */
  private async restoreLive(): Promise<void> {
    if (this.currentLive === this.configuredLive || !this.options.control.has('app')) return;
    await this.options.control.setLive(this.configuredLive);
    this.currentLive = this.configuredLive;
  }
}

interface TapedArrival {
  arrival: Attempt | Verification;
  url: string;
}

const UNTRUSTED =
  'needs a webhook receiver the target trusts: the target does not serve the control capability "trust"; ' +
  'run graphcheck ca --out DIR --with-key, add DIR/ca.pem to the target, and pass --ca-dir DIR';

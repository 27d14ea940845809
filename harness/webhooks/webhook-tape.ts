import { CannotJudgeError } from '../errors.js';
import type { Receiver } from '../receiver/index.js';
import { arrivalFromExchange } from '../receiver/from-exchange.js';
import { type VirtualReceiver, virtualReceiver } from '../receiver/virtual-receiver.js';
import type { Exchange } from '../model/index.js';
import { type ArrivalSource, liveArrivals, type TrustedCa } from './arrivals.js';
import { type Callback, type CallbackVariant, fromReceiver } from './callback-variants.js';

/**
 * What an offline repeat needs of a recorded run's webhook side: the values the run sent the target (verify
 * token, CA certificate, callback addresses), so the repeat sends the same requests. Written into the run
 * document of `run --record`.
 */
export interface WebhookTape {
  verify_token: string;
  /** The CA certificate handed over with control `trust`. */
  ca_pem?: string;
  /** The run's receiver. */
  receiver_url?: string;
  /** Per rule id, the step callbacks' URLs in the order the rule created them. */
  callbacks: Record<string, string[]>;
}

/**
 * `run --record`: live receivers, and the tape of what the run handed the target (its verify token, the CA it
 * trusted, each rule's callback addresses in order), for the run document.
 */
export class TapingArrivals implements ArrivalSource {
  readonly tape: WebhookTape;
  private rule = '';

  constructor(private readonly live: ArrivalSource = liveArrivals()) {
    this.tape = { verify_token: live.verifyToken, callbacks: {} };
  }

  get verifyToken(): string {
    return this.live.verifyToken;
  }

  /** A rule starts: the callbacks it creates are taped under its id. */
  ruleStarted(ruleId: string): void {
    this.rule = ruleId;
  }

  async receiver(base: Parameters<ArrivalSource['receiver']>[0], ca: TrustedCa): Promise<Receiver> {
    const receiver = await this.live.receiver(base, this.taping(ca));
    this.tape.receiver_url = receiver.url;
    return receiver;
  }

  async callback(variant: CallbackVariant, base: Parameters<ArrivalSource['callback']>[1], ca: TrustedCa): Promise<Callback> {
    const callback = await this.live.callback(variant, base, this.taping(ca));
    (this.tape.callbacks[this.rule] ??= []).push(callback.url);
    return callback;
  }

  private taping(ca: TrustedCa): TrustedCa {
    return async () => {
      const trusted = await ca();
      this.tape.ca_pem = trusted.certPem;
      return trusted;
    };
  }
}

/** A recorded webhook request due to arrive (see the replay's arrival schedule). */
export interface DueArrival {
  exchange: Exchange;
  url: URL;
  /** A verification GET that carried the verify token of the subscription it arrived during. */
  stepToken: boolean;
}

/**
 * `run --cassette`: nothing listens; the recorded run's receivers, at their recorded addresses, get what reached
 * them live as the replay reaches it (`deliver`), and each rule's callbacks are the ones it created live, in order.
 * Nothing needs trusting offline: `trust` is run set-up, not a rule's traffic, and is not repeated.
 */
export class TapedArrivals implements ArrivalSource {
  private readonly receivers = new Map<string, VirtualReceiver>();
  private rule = '';
  private taken = 0;

  constructor(
    private readonly tape: WebhookTape,
    /** The secret recorded notifications are checked against (the cassette's stand-in when it is redacted). */
    private readonly appSecret: string,
  ) {}

  get verifyToken(): string {
    return this.tape.verify_token;
  }

  /** A rule starts: its callbacks are taken from the tape from its first one. */
  ruleStarted(ruleId: string): void {
    this.rule = ruleId;
    this.taken = 0;
  }

  deliver({ exchange, url, stepToken }: DueArrival): void {
    const tokenMatched = url.searchParams.get('hub.verify_token') === this.tape.verify_token || stepToken;
    this.receiverAt(url.origin).deliver(arrivalFromExchange(exchange, { url, tokenMatched, appSecret: this.appSecret }));
  }

  async receiver(): Promise<Receiver> {
    const url = this.tape.receiver_url;
    if (!url) throw new CannotJudgeError('SETUP_FAILED', 'the recorded run never started a webhook receiver');
    return this.receiverAt(new URL(url).origin);
  }

  async callback(): Promise<Callback> {
    const url = this.tape.callbacks[this.rule]?.[this.taken];
    if (!url) throw new CannotJudgeError('SETUP_FAILED', `the recorded run created no callback #${this.taken + 1} in ${this.rule}`);
    this.taken++;
    return fromReceiver(this.receiverAt(new URL(url).origin), async () => {});
  }

  /** One receiver per recorded address, so a later arrival finds the one the run holds. */
  private receiverAt(origin: string): VirtualReceiver {
    let receiver = this.receivers.get(origin);
    if (!receiver) this.receivers.set(origin, (receiver = virtualReceiver(origin)));
    return receiver;
  }
}

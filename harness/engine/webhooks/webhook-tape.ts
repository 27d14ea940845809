import type { Exchange } from '../../model/index.js';
import type { Receiver } from '../../receiver/index.js';

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
  /** Per rule id, the refused callbacks' URLs in the order the rule created them. */
  callbacks: Record<string, string[]>;
}

/** `run --record`: every request reaching a receiver of the run is kept. */
export interface WebhookRecording {
  record(exchange: Exchange): void;
  /**
   * A verify token a step generated from the run's seed (not the run's own, which is random): no secret, so the
   * cassette keeps it as sent and the repeat, generating it again, matches it.
   */
  notSecret?(value: string): void;
}

/** `run --cassette`: the recorded values, and receivers that get the recorded requests instead of listening. */
export interface WebhookReplay {
  tape: WebhookTape;
  /** A receiver at a recorded address: what reached that address live arrives as the replay goes on. */
  receiverAt(url: string): Receiver;
}

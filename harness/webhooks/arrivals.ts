import { randomBytes } from 'node:crypto';
import type { CertificateAuthority } from '../ca/index.js';
import type { Exchange } from '../model/index.js';
import { type Receiver, type ReceiverOptions, startReceiver } from '../receiver/index.js';
import { type Callback, type CallbackVariant, startNegativeCallback } from './callback-variants.js';

/** The run's CA, created (and handed to the target with `trust`) the first time a receiver needs it. */
export type TrustedCa = () => Promise<CertificateAuthority>;

/**
 * Where a run's webhook arrivals come from: receivers that listen (a live run), or a recorded run's receivers,
 * which get what the cassette says reached them as the replay goes on (`run --cassette`). The webhook harness asks
 * this for receivers and never asks which it is.
 */
export interface ArrivalSource {
  /** The verify token every receiver of the run checks (a live run draws one; a repeat uses the recorded one). */
  readonly verifyToken: string;
  /** The run's receiver. */
  receiver(base: ReceiverOptions, ca: TrustedCa): Promise<Receiver>;
  /** A step's own callback: one the target must refuse, or a good one checking another verify token. */
  callback(variant: CallbackVariant, base: ReceiverOptions, ca: TrustedCa): Promise<Callback>;
}

/**
 * Where arrivals go besides the steps that wait for them: nowhere (a plain run, no sink), or the cassette of a
 * recorded run (`run --record`), which keeps each as the exchange a check would see.
 */
export interface ArrivalSink {
  record(exchange: Exchange): void;
  /**
   * A verify token a step generated from the run's seed (not the run's own, which is random): no secret, so the
   * cassette keeps it as sent and the repeat, generating it again, matches it.
   */
  notSecret(value: string): void;
}

/** Receivers that listen on the receiver host, with certificates from the run's CA. */
export function liveArrivals(): ArrivalSource {
  return {
    // No word of the kit's at its start (not `graphcheck-`): a quote of it cut short would hide that word.
    verifyToken: `GCKverify${randomBytes(8).toString('hex')}`,
    receiver: async (base, ca) => startReceiver({ ...base, ca: await ca() }),
    callback: (variant, base, ca) => startNegativeCallback(variant, base, ca),
  };
}

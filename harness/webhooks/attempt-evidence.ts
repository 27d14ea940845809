import type { Exchange } from '../model/index.js';
import {
  type Attempt,
  attemptToExchange,
  type TlsClientInfo,
  type Verification,
  verificationToExchange,
} from '../receiver/index.js';

/** When the suite moved the target's clock: the arrival ordinals around the advance, and the clock before and after. */
export interface AdvanceWindow {
  startOrdinal: number;
  endOrdinal: number;
  from: number;
  to: number;
}

/**
 * A notification attempt as evidence a check can judge: the receiver's record plus when it happened on the target
 * clock. An attempt that arrived while the suite was moving the clock happened somewhere in that advance.
 */
export function attemptEvidence(attempt: Attempt, receiverUrl: string, windows: readonly AdvanceWindow[]): Exchange {
  const exchange = { ...attemptToExchange(attempt, receiverUrl), targetTime: targetTimeOf(attempt, windows) };
  return withTls(exchange, attempt.tlsClient);
}

/** A verification GET as evidence, with the client certificate the target presented. */
export function verificationEvidence(verification: Verification, receiverUrl: string): Exchange {
  const at = verification.arrivedAt;
  const exchange = { ...verificationToExchange(verification, receiverUrl), targetTime: { from: at, to: at } };
  return withTls(exchange, verification.tlsClient);
}

function targetTimeOf(attempt: Attempt, windows: readonly AdvanceWindow[]): { from: number; to: number } {
  const during = windows.find((w) => attempt.ordinal > w.startOrdinal && attempt.ordinal < w.endOrdinal);
  return during ? { from: during.from, to: during.to } : { from: attempt.arrivedAt, to: attempt.arrivedAt };
}

function withTls(exchange: Exchange, tls: TlsClientInfo | undefined): Exchange {
  if (!tls) return exchange;
  const { presented, cn, chain } = tls;
  return { ...exchange, tlsClient: { presented, ...(cn !== undefined ? { cn } : {}), chain } };
}

import type { BodyTooLarge } from '../model/exchange.js';
import type { CertificateAuthority, IssuedCertificate } from '../ca/certificate-authority.js';
import type { Update } from '../notification/updates-of.js';
import type { SignatureVerdict } from '../notification/verify-signature.js';

/**
 * Which certificate the receiver serves. `ca`: issued by the run's CA (the one a target is told to trust);
 * `self-signed` and `untrusted` (from a CA nobody trusts) exist for rules the target must refuse;
 * `plain-http` serves no TLS at all.
 */
export type TlsMode = 'ca' | 'self-signed' | 'untrusted' | 'plain-http';

/**
 * How the verification GET is answered when the token matches: echo it, echo a different value, answer empty,
 * echo it under an error status (`status-404`, `status-500`), or drop the connection without an answer (`reset`).
 */
export type ChallengeMode = 'echo' | 'wrong' | 'none' | 'status-404' | 'status-500' | 'reset';

/** `500`: answer HTTP 500; `hang`: never answer (until close); `reset`: drop the connection without an answer. */
export type FailureMode = '500' | 'hang' | 'reset';

export interface MtlsOptions {
  /** CA the target's client certificate must chain to; without it only the common name is checked (R46). */
  clientCaPem?: string;
  expectedCn: string;
}

export interface ReceiverOptions {
  /** Address to bind and to put in callback URLs; loopback unless the profile says otherwise. */
  host?: string;
  /** Issues the receiver's certificate in `ca` mode; required unless tlsMode is plain-http. */
  ca?: CertificateAuthority;
  verifyToken: string;
  appSecret: string;
  /**
   * The target's clock as last known (unix seconds), read without a request: the target may be busy making the
   * callback. Arrival times fall back to the wall clock when absent or unknown.
   */
  clock?: () => number | undefined;
  mtls?: MtlsOptions;
  tlsMode?: TlsMode;
  /** In `ca` mode: serve this certificate instead of issuing one (an expired one, or one for another host). */
  leaf?: IssuedCertificate;
  challengeMode?: ChallengeMode;
  /** The most bytes of one notification held in memory (default 16 MiB); a larger one is answered 413. */
  maxBodyBytes?: number;
  /** Told of every verification and notification attempt as it is logged (`run --record` keeps them). */
  onArrival?: (arrival: Attempt | Verification, receiverUrl: string) => void;
}

export type MtlsVerdict = 'ok' | 'no-certificate' | 'untrusted' | 'cn-mismatch';

/** What the TLS layer saw of the caller; absent on plain HTTP. */
export interface TlsClientInfo {
  presented: boolean;
  /** Subject common name of the client certificate. */
  cn?: string;
  /** True when the certificate chains to `mtls.clientCaPem`. */
  authorized: boolean;
  authorizationError?: string;
  /** Subject common names of the certificates the caller presented, the leaf first, each followed by its issuer. */
  chain: string[];
  /** Present only when mTLS is required. */
  verdict?: MtlsVerdict;
}

/** What the receiver did with a request. */
export type Answer = { status: number; body: string } | { outcome: 'hang' | 'reset' };

interface Arrival {
  /** Order of arrival across verifications and notifications, from 1. */
  seq: number;
  /** Unix seconds on the target's clock (or the wall clock, see `arrivalClock`). */
  arrivedAt: number;
  arrivalClock: 'target' | 'wall';
  /** Wall-clock milliseconds at arrival, for "within a few real seconds" checks and the Live periods. */
  realArrivalMs: number;
  /** The same instant from the process's high-resolution clock (fractional), as the recorder dates exchanges. */
  preciseMs: number;
  /** From `nextOrdinal()` at arrival: places the arrival exactly before, during or after a clock move. */
  ordinal: number;
  method: string;
  /** Path and query as requested. */
  path: string;
  headers: Record<string, string | string[]>;
  answered: Answer;
  tlsClient?: TlsClientInfo;
}

/** One notification delivery attempt (any POST), kept byte for byte (up to the size limit). */
export interface Attempt extends Arrival {
  /** The body as sent; past the size limit, its first bytes only (`bodyTooLarge` says so; the answer was 413). */
  rawBody: Buffer;
  bodyTooLarge?: BodyTooLarge;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json?: unknown;
  signature: SignatureVerdict;
}

/** One verification request (any GET). */
export interface Verification extends Arrival {
  mode?: string;
  challenge?: string;
  verifyToken?: string;
  /** `hub.challenge` is an integer written in decimal digits. */
  challengeIsInteger: boolean;
  tokenMatched: boolean;
}

/** What `waitForUpdates` predicates see: all attempts, and the deduplicated updates of acknowledged ones. */
export interface DeliverySnapshot {
  attempts: Attempt[];
  /** Deduplicated updates from attempts the receiver answered with 200. */
  delivered: Update[];
}

export interface WaitResult extends DeliverySnapshot {
  satisfied: boolean;
}

export interface Receiver {
  /** Base URL, e.g. `https://127.0.0.1:41234`. */
  url: string;
  /** The CA certificate a target must trust for this receiver (absent in plain-http mode). */
  caPem?: string;
  callbackUrl(path?: string): string;
  attempts(): Attempt[];
  verifications(): Verification[];
  /** The next `k` notification attempts fail this way; later ones are answered 200 again. */
  failNext(k: number, how: FailureMode): void;
  /**
   * Resolves once `predicate` holds (checked now and after every attempt) or after `realTimeoutMs` of wall
   * time; never rejects, so a timeout is a finding for the caller, not a crash.
   */
  waitForUpdates(
    predicate: (snapshot: DeliverySnapshot) => boolean,
    options: { realTimeoutMs: number },
  ): Promise<WaitResult>;
  /** Forgets every attempt, verification and pending failure. */
  clear(): void;
  /**
   * A route of its own on the same server (`{url}/route/{name}`): its own log, failures, app secret and clock, for
   * a session's subscriptions (contract §2.1), so what each session's target sends is told apart. Its `close()`
   * drops the route; what comes for it later is answered 410 and kept nowhere. Absent on a receiver that listens on
   * nothing (an offline repeat uses no sessions).
   */
  route?(name: string, options: RouteOptions): Receiver;
  close(): Promise<void>;
}

/** What a route of a receiver sets for itself; the rest (host, certificate, TLS mode) is the server's. */
export type RouteOptions = Pick<ReceiverOptions, 'verifyToken' | 'appSecret' | 'clock' | 'mtls' | 'onArrival'>;

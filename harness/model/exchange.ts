/** One HTTP request/response pair as graphcheck keeps it: evidence in reports, an entry in a cassette. */
export type Headers = Record<string, string | string[]>;

/** A body too large to keep whole in a report: `body` holds its first bytes; this, the whole body's size and hash. */
export interface BodyKept {
  bytes: number;
  sha256: string;
}

export interface RecordedRequest {
  method: string;
  /** Absolute URL as sent. */
  url: string;
  headers: Headers;
  /** Body as text (utf8) or base64 when `bodyEncoding` says so; absent when there was none. */
  body?: string;
  bodyEncoding?: 'utf8' | 'base64';
  /** The recording kept no body although one was sent (a HAR whose `bodySize` says so): unknown, not empty. */
  bodyOmitted?: boolean;
  /** Reports only: the body was larger than reports keep; `body` is its start. */
  bodyTruncated?: BodyKept;
  /**
   * The body went past the size limit it was read under (16 MiB, `--max-body`): `body` holds its first bytes only
   * and `bodyOmitted` is set; unlike `bodyTruncated` (a report's choice), the whole body was never held.
   */
  bodyTooLarge?: BodyTooLarge;
  /** Why the body is not here though one was sent (`bodyOmitted` is set): see `RecordedResponse.bodyLost`. */
  bodyLost?: string;
}

export interface RecordedResponse {
  status: number;
  headers: Headers;
  body: string;
  bodyEncoding?: 'utf8' | 'base64';
  /**
   * The recording kept no body although one came (a HAR saved without content), or kept only its first bytes
   * (`bodyTooLarge`): what `body` holds is not the answer, which is unknown.
   */
  bodyOmitted?: boolean;
  /** Reports only: the body was larger than reports keep; `body` is its start. */
  bodyTruncated?: BodyKept;
  /**
   * The body went past the size limit it was read under (16 MiB, `--max-body`): `body` holds its first bytes only
   * and `bodyOmitted` is set; unlike `bodyTruncated` (a report's choice), the whole body was never held.
   */
  bodyTooLarge?: BodyTooLarge;
  /**
   * Why the body is not here though one came (`bodyOmitted` is set, `body` is empty): a compressed body that did
   * not decode within the limit could not be searched for secrets, so it is neither kept nor shown.
   */
  bodyLost?: string;
}

/** A body larger than the limit it was read under: its size and the SHA-256 of all its bytes (empty when it was dropped unread). */
export interface BodyTooLarge {
  size: number;
  sha256: string;
  /** The limit, in bytes. */
  limit: number;
}

/**
 * Where an exchange came from; `api` unless said otherwise. `media`: a file the target handed over, fetched with no
 * credential from whatever origin serves it (contract §4a); its `Date` is that server's, not the target's clock.
 */
export type ExchangeKind = 'api' | 'control' | 'webhook-verification' | 'webhook-notification' | 'content' | 'media';

export interface Exchange {
  kind?: ExchangeKind;
  /**
   * `positive-control`: sent as a rule's positive control (reading R51), the valid twin of a request the rule
   * expects refused; its acceptance is what lets the refusal count.
   */
  role?: 'positive-control';
  request: RecordedRequest;
  /** Absent when no response came (timeout, reset, refused); then `error` says why. */
  response?: RecordedResponse;
  error?: { code: string; message: string };
  /** ISO time the request started (wall clock of the recorder). */
  startedAt: string;
  /**
   * The same instant in fractional milliseconds since the epoch, from the process's high-resolution clock. Set by
   * `run --record` on exchanges and webhook arrivals alike, so an offline repeat knows exactly which exchange each
   * arrival came during: `startedAt`'s milliseconds are often shared by an exchange's end and the next one's start.
   */
  startedAtMs?: number;
  durationMs: number;
  /** `graphcheck check` only: where the exchange stands in the file it judged (`# N` in a cassette), from 0. */
  recordedAt?: number;
  /**
   * Webhook notifications only: whether `X-Hub-Signature-256` matched the raw body under the real app secret
   * when recorded. Set when the recorder knew the secret; a redacted cassette re-signs valid ones with its
   * stand-in secret and keeps invalid ones invalid.
   */
  signatureValid?: boolean;
  /**
   * Webhook requests only: when they reached the receiver on the target's clock (unix seconds). A window when the
   * suite was moving the clock meanwhile (an advance's start and end), else one instant (`from` = `to`).
   */
  targetTime?: { from: number; to: number };
  /**
   * The rate limits the request met before this answer (code 80001 or 80008, HTTP 429, `Retry-After`): what
   * limited it and how long graphcheck waited before sending it again.
   */
  rateLimited?: { answer: string; waitedMs: number }[];
  /** Webhook requests over TLS only: the client certificate the target presented (mTLS, reading R46). */
  tlsClient?: { presented: boolean; cn?: string; chain: string[] };
}

import { errors as undiciErrors, request } from 'undici';
import { TargetFailure } from '../errors.js';
import type { Exchange, ExchangeKind, Headers } from '../model/index.js';
import { headerValue, RECORDER_ERROR_HEADER, REPLAY_MISS_HEADER } from '../headers.js';
import { DEFAULT_MAX_BODY, tooLargeReason } from '../http/body-limit.js';
import { pathOf } from '../http/path-of.js';
import { readStream } from '../http/read-body.js';
import { type StoredBody, storeBody } from '../http/stored-body.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import type { Destinations } from './origin-policy.js';
import type { TargetLink } from './target-link.js';
import { jsonTooDeepAt, MAX_NESTING } from '../validation/nesting.js';

/** A request as the client sends it: absolute URL, final headers and body bytes. */
export interface OutgoingRequest {
  kind?: ExchangeKind;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
  /** The most bytes of an answer held in memory (default 16 MiB); past it the rule cannot judge. */
  maxBodyBytes?: number;
  /** Where requests may go (the run's origin policy, or its media rule): checked here before anything is sent, whoever sends. */
  origins: Destinations;
  /** The run's pool, rate cap and measured round trip; absent: undici's global pool, no cap. */
  link?: TargetLink;
}

/** An exchange plus the response body parsed as JSON when it was JSON (undefined otherwise). */
export interface SentExchange {
  exchange: Exchange;
  json: unknown;
}

/**
 * Sends one request and keeps it as evidence. Network failures (refused, reset, timeout) become a
 * `CannotJudgeError` carrying the exchange, because the run cannot judge a target it cannot reach. A URL on an
 * origin `out.origins` does not allow is refused before any connection (`ForeignOriginError`).
 */
export async function send(asked: OutgoingRequest): Promise<SentExchange> {
  asked.origins.check(asked.url, { method: asked.method });
  // undici never sends userinfo (`http://user:pass@host`): the evidence does not hold it either.
  const out = { ...asked, url: withoutUserinfo(asked.url) };
  await out.link?.turn();
  const started = Date.now();
  const exchange: Exchange = {
    kind: out.kind ?? 'api',
    request: {
      method: out.method,
      url: out.url,
      headers: out.headers,
      ...(out.body ? bodyField(out.body, out.headers['content-type']) : {}),
    },
    startedAt: new Date(started).toISOString(),
    durationMs: 0,
  };
  try {
    const res = await request(out.url, {
      method: out.method as 'GET',
      headers: out.headers,
      body: out.body,
      headersTimeout: out.timeoutMs,
      bodyTimeout: out.timeoutMs,
      signal: AbortSignal.timeout(out.timeoutMs),
      ...(out.link ? { dispatcher: out.link.dispatcher } : {}),
    });
    const { bytes, tooLarge } = await readStream(res.body, out.maxBodyBytes ?? DEFAULT_MAX_BODY);
    const headers = res.headers as Headers;
    exchange.response = { status: res.statusCode, headers, ...bodyField(bytes, headerValue(headers, 'content-type')) };
    exchange.durationMs = Date.now() - started;
    out.link?.observe(exchange.durationMs);
    if (tooLarge) {
      exchange.response = { ...exchange.response, bodyOmitted: true, bodyTooLarge: tooLarge };
      throw new TargetFailure('ANSWER_TOO_LARGE', `${out.method} ${pathOf(out.url)}: ${tooLargeReason('answer', tooLarge)}`, exchange);
    }
    const unreached = headerValue(headers, RECORDER_ERROR_HEADER);
    if (unreached) throw recorderFailure(unreached, out, exchange);
    if (headerValue(headers, REPLAY_MISS_HEADER) === 'miss') {
      throw new TargetFailure('TARGET_GARBAGE', `the cassette has no answer for ${out.method} ${pathOf(out.url)}: record the run again`, exchange);
    }
    const text = bytes.toString('utf8');
    if (jsonTooDeepAt(text) !== undefined) {
      // Judged as no rule can: every walk over it (checks, redaction, reports) would exhaust the stack.
      throw new TargetFailure('ANSWER_TOO_DEEP', `${out.method} ${pathOf(out.url)}: answer nested deeper than ${MAX_NESTING} levels: not read`, exchange);
    }
    return { exchange, json: parseJson(text) };
  } catch (error) {
    if (error instanceof TargetFailure) throw error;
    exchange.durationMs = Date.now() - started;
    throw networkError(error, out, exchange);
  }
}

function networkError(error: unknown, out: OutgoingRequest, exchange: Exchange): TargetFailure {
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  const timedOut =
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    (error as Error).name === 'TimeoutError' ||
    (error as Error).name === 'AbortError';
  const where = `${out.method} ${new URL(out.url).origin}${new URL(out.url).pathname}`;
  if (timedOut) {
    exchange.error = { code: 'TIMEOUT', message: `no answer within ${out.timeoutMs} ms` };
    const measured = out.link ? `; ${out.link.describeRoundTrip()}` : '';
    return new TargetFailure('TARGET_TIMEOUT', `${where}: no answer within ${out.timeoutMs} ms (--timeout)${measured}`, exchange);
  }
  const code = cause ?? ((error as Error).name === 'HTTPParserError' ? 'HPE_NOT_HTTP' : 'NETWORK');
  exchange.error = { code, message: (error as Error).message };
  return new TargetFailure('TARGET_UNREACHABLE', `${where}: ${describeNetworkCode(code)}`, exchange);
}

/** The recorder's 502 stands for the target's failure: judged as if the run had met it itself. */
function recorderFailure(code: string, out: OutgoingRequest, exchange: Exchange): TargetFailure {
  const where = `${out.method} ${new URL(out.url).pathname}`;
  exchange.error = { code, message: 'the recorder in front of the target got no answer' };
  if (code === 'ANSWER_TOO_LARGE' || code === 'REQUEST_TOO_LARGE') {
    const said = recorderMessage(exchange.response?.body) ?? code;
    exchange.error = { code, message: said };
    return new TargetFailure('ANSWER_TOO_LARGE', `${where} through the recorder: ${said}`, exchange);
  }
  if (/TIMEOUT/i.test(code)) {
    return new TargetFailure('TARGET_TIMEOUT', `${where}: the target did not answer the recorder in time (${code})`, exchange);
  }
  return new TargetFailure('TARGET_UNREACHABLE', `${where} through the recorder: ${describeNetworkCode(code)}`, exchange);
}

/** What the recorder's own answer says of the problem (`{"graphcheck_recorder_error": {"message": ...}}`). */
function recorderMessage(body: string | undefined): string | undefined {
  const said = (parseJson(body ?? '') as { graphcheck_recorder_error?: { message?: unknown } } | undefined)
    ?.graphcheck_recorder_error?.message;
  return typeof said === 'string' ? said : undefined;
}

function describeNetworkCode(code: string): string {
  if (code === 'ECONNREFUSED') return 'connection refused; is the target running at that address?';
  if (code === 'ECONNRESET') return 'the target reset the connection';
  if (code === 'UND_ERR_SOCKET') return 'the target closed the connection without an answer';
  if (code.startsWith('HPE_')) return `the target did not answer in HTTP (${code}); is the base URL an HTTP server?`;
  if (code === 'ENOTFOUND') return 'host not found; check the URL';
  return `network error (${code})`;
}

function bodyField(bytes: Buffer, contentType: string | undefined): StoredBody {
  const textual = !contentType || /json|text|xml|x-www-form-urlencoded|javascript/i.test(contentType);
  // Only a textual type is read as UTF-8: decoding a 10 MB multipart upload just to drop the text cost 0.1 s a run.
  return textual ? storeBody(bytes) : { body: bytes.toString('base64'), bodyEncoding: 'base64' };
}

/** The answer as JSON, or undefined when it is none (a caller that takes outside text checks its depth first). */
function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}


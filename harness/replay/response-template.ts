import type { RecordedResponse } from '../model/exchange.js';
import { headerValue } from '../headers.js';
import { recorderAnswer, type RenderedResponse, type StreamedBody, tooLargeAnswer } from '../http/answer.js';
import type { BodySpool, SpooledRange } from './body-spool.js';
import { type SpooledText, TextTemplate } from './text-template.js';

/** Headers that describe the recorded connection or encoding, not the answer; replay sets its own. */
const DROPPED = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
]);

/** The cache key of an answer that never changes (a response past the size limit). */
const FIXED = '\u0000fixed';

/** What replay answers for a recorded answer whose body was not kept (a compressed body that did not decode). */
function lostAnswer(why: string): RenderedResponse {
  return recorderAnswer(502, { code: 'ANSWER_NOT_KEPT', message: `the target's answer was not kept: ${why}` });
}

/** A recorded body as it is kept: bytes or text in memory, or in the spool file (`BodySpool`). */
type KeptBody = Buffer | TextTemplate | { spooled: SpooledText } | { spooledBytes: SpooledRange };

/**
 * A recorded response ready to serve: compiled once at load, rendered on first use for a given origin and
 * set of carried secrets, then served from a small cache. Given a spool, a body past what the replay holds in
 * memory is kept there and sent as it is read.
 */
export class ResponseTemplate {
  private readonly headers: Array<[string, TextTemplate]> = [];
  private readonly body: KeptBody;
  /** The recorded status; kept apart from the response, whose body is not held once compiled. */
  readonly status: number;
  /** An answer that never changes (one past the size limit, one whose body was lost), kept in `cache`. */
  private readonly fixed: boolean;
  private readonly placeholderIds = new Set<string>();
  private readonly cache = new Map<string, RenderedResponse>();
  /** The length header to send: the body's, or for an answer to HEAD (no body) the one the target gave, if any. */
  private readonly length: (body: { length: number }) => string | undefined;

  constructor(
    response: RecordedResponse,
    recordedOrigin: string | undefined,
    method = 'GET',
    private readonly spool?: BodySpool,
  ) {
    this.status = response.status;
    this.fixed = response.bodyTooLarge !== undefined || response.bodyLost !== undefined;
    if (response.bodyTooLarge) this.cache.set(FIXED, tooLargeAnswer(response.bodyTooLarge));
    else if (response.bodyLost) this.cache.set(FIXED, lostAnswer(response.bodyLost));
    const recordedLength = headerValue(response.headers, 'content-length');
    this.length = method.toUpperCase() === 'HEAD' ? () => recordedLength : (body) => String(body.length);
    const binary = response.bodyEncoding === 'base64';
    for (const [name, value] of Object.entries(response.headers)) {
      const lower = name.toLowerCase();
      if (DROPPED.has(lower) || (lower === 'content-encoding' && !binary)) continue;
      for (const v of Array.isArray(value) ? value : [value])
        this.headers.push([name, this.compile(v, recordedOrigin)]);
    }
    this.body = this.keep(response, binary, recordedOrigin);
  }

  private keep(response: RecordedResponse, binary: boolean, recordedOrigin: string | undefined): KeptBody {
    const { spool } = this;
    if (binary) {
      const bytes = Buffer.from(response.body, 'base64');
      return !spool || spool.holds(bytes.length) ? bytes : { spooledBytes: spool.append(bytes) };
    }
    const text = this.compile(response.body, recordedOrigin);
    return !spool || spool.holds(Buffer.byteLength(response.body)) ? text : { spooled: text.spooled(spool) };
  }

  private renderBody(carried: ReadonlyMap<string, string>, origin: string): Buffer | StreamedBody {
    const { body, spool } = this;
    if (Buffer.isBuffer(body)) return body;
    if (body instanceof TextTemplate) return Buffer.from(body.render(carried, origin), 'utf8');
    if ('spooled' in body) return body.spooled.render(carried, origin);
    const range = body.spooledBytes;
    return { length: range.bytes, chunks: () => spool!.read(range) };
  }

  render(carried: ReadonlyMap<string, string>, origin: string): RenderedResponse {
    if (this.fixed) return this.cache.get(FIXED) as RenderedResponse;
    // Cached per origin and per secrets carried: a client sends the same token each time.
    let key = origin;
    if (this.names(carried)) for (const id of this.placeholderIds) key += `\u0000${carried.get(id) ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const body = this.renderBody(carried, origin);
    const headers: string[] = [];
    for (const [name, value] of this.headers) headers.push(name, onTheWire(value.render(carried, origin)));
    const length = this.length(body);
    if (length !== undefined) headers.push('content-length', length);
    const rendered = { status: this.status, headers, body };
    if (this.cache.size < 4) this.cache.set(key, rendered);
    return rendered;
  }

  /** Whether the response names a secret the request carried (then it is rendered for this request only). */
  private names(carried: ReadonlyMap<string, string>): boolean {
    if (carried.size === 0) return false;
    for (const id of this.placeholderIds) if (carried.has(id)) return true;
    return false;
  }

  private compile(text: string, recordedOrigin: string | undefined): TextTemplate {
    const template = new TextTemplate(text, recordedOrigin);
    for (const id of template.placeholderIds) this.placeholderIds.add(id);
    return template;
  }
}

/**
 * A header value as Node writes it: one byte per character. Values read from the wire already are; a HAR from
 * a browser holds them decoded, so characters past U+00FF (which Node refuses) go out as their UTF-8 bytes,
 * as the service sent them.
 */
function onTheWire(value: string): string {
  return /[^\u0000-\u00ff]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
}

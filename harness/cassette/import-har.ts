import type { Exchange, ExchangeKind, Headers } from '../model/exchange.js';
import { storeBody } from './body.js';
import type { CassetteHeader } from './cassette-format.js';
import { FieldReader, type Json } from './import-fields.js';

interface HarHeader {
  name: string;
  value: string;
}

/** HAR header lists to a header map; repeated names become arrays; HTTP/2 pseudo-headers are dropped. */
export function headersFromList(list: HarHeader[]): Headers {
  const out: Headers = {};
  for (const { name, value } of list) {
    if (typeof name !== 'string' || name.startsWith(':')) continue;
    const before = out[name];
    const v = String(value ?? '');
    out[name] = before === undefined ? v : Array.isArray(before) ? [...before, v] : [before, v];
  }
  return out;
}

function harBody(text: unknown, encoding: unknown): { body: string; bodyEncoding?: 'base64' } | undefined {
  if (typeof text !== 'string') return undefined;
  return encoding === 'base64' ? storeBody(Buffer.from(text, 'base64')) : { body: text };
}

function requestBody(postData: Json | undefined): { body: string; bodyEncoding?: 'base64' } | undefined {
  if (!postData) return undefined;
  const fromText = harBody(postData.text, postData._encoding ?? postData.encoding);
  if (fromText) return fromText;
  const params = postData.params as HarHeader[] | undefined;
  if (!Array.isArray(params)) return undefined;
  return {
    body: params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value ?? '')}`).join('&'),
  };
}

function entryToExchange(entry: Json, i: number, fields: FieldReader): Exchange {
  const base = ['log', 'entries', i];
  const request = fields.need<Json>(entry, [...base, 'request'], 'object');
  const response = fields.need<Json>(entry, [...base, 'response'], 'object');
  const method = fields.need<string>(request, [...base, 'request', 'method'], 'string');
  const url = fields.need<string>(request, [...base, 'request', 'url'], 'string');
  const requestHeaders = fields.need<HarHeader[]>(request, [...base, 'request', 'headers'], 'array');
  const status = fields.need<number>(response, [...base, 'response', 'status'], 'number');
  const responseHeaders = fields.need<HarHeader[]>(response, [...base, 'response', 'headers'], 'array');
  const content = fields.need<Json>(response, [...base, 'response', 'content'], 'object');
  const exchange: Exchange = {
    kind: (entry._graphcheck_kind as ExchangeKind | undefined) ?? 'api',
    startedAt: typeof entry.startedDateTime === 'string' ? entry.startedDateTime : new Date(0).toISOString(),
    durationMs: typeof entry.time === 'number' && entry.time >= 0 ? entry.time : 0,
    request: {
      method: method.toUpperCase(),
      url,
      headers: headersFromList(requestHeaders),
    },
  };
  const sent = requestBody(request.postData as Json | undefined);
  Object.assign(exchange.request, sent);
  if (!sent && typeof request.bodySize === 'number' && request.bodySize > 0) exchange.request.bodyOmitted = true;
  if (typeof entry._graphcheck_signature_valid === 'boolean')
    exchange.signatureValid = entry._graphcheck_signature_valid;
  if (typeof entry._graphcheck_started_at_ms === 'number') exchange.startedAtMs = entry._graphcheck_started_at_ms;
  if (status === 0) {
    // Browsers write status 0 for a request that got no response.
    const message = typeof response._error === 'string' ? response._error : 'no response was recorded';
    exchange.error = {
      code: String(entry._graphcheck_error_code ?? 'NO_RESPONSE'),
      message,
    };
    return exchange;
  }
  const body = harBody(content.text ?? '', content.encoding) ?? { body: '' };
  // Devtools may save a HAR without response content; `size` says one came.
  const omitted = typeof content.text !== 'string' && (typeof content.size !== 'number' || content.size > 0);
  exchange.response = {
    status,
    headers: headersFromList(responseHeaders),
    ...body,
    ...(omitted ? { bodyOmitted: true } : {}),
  };
  return exchange;
}

/** The redaction a HAR exported by graphcheck carries (salt, stand-in, placeholder hashes), if any. */
export function harRedaction(data: unknown): CassetteHeader['redaction'] | undefined {
  const log = (data as { log?: { _graphcheck_redaction?: unknown } }).log;
  const redaction = log?._graphcheck_redaction as CassetteHeader['redaction'] | undefined;
  return redaction && typeof redaction === 'object' && typeof redaction.enabled === 'boolean' ? redaction : undefined;
}

/** The exchanges of a HAR 1.2 document (browser devtools, mitmproxy, Polly.js, `cassette export --har`). */
export function harToExchanges(data: unknown, file: string): Exchange[] {
  const fields = new FieldReader(file);
  const log = fields.need<Json>(data as Json, ['log'], 'object');
  const entries = fields.need<Json[]>(log, ['log', 'entries'], 'array');
  return entries.map((entry, i) => {
    if (typeof entry !== 'object' || entry === null)
      throw fields.fail(['log', 'entries', i], 'is not an object', 'fix it');
    return entryToExchange(entry, i, fields);
  });
}

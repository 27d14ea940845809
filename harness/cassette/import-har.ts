import type { BodyTooLarge, Exchange, ExchangeKind, Headers, RecordedRequest, RecordedResponse } from '../model/exchange.js';
import { isBase64, storeBody } from '../http/stored-body.js';
import { CASSETTE_FORMAT, type CassetteHeader } from './cassette-format.js';
import { exchangeProblem, headerProblem } from './cassette-schema.js';
import { modernPlaceholderTable } from '../redaction/placeholder.js';
import { describeKind, FieldReader, type Json } from './import-fields.js';

interface HarHeader {
  name: string;
  value: string;
}

type Path = Array<string | number>;

/**
 * A HAR name-value list (headers, queryString, cookies, postData.params) as checked pairs: each item must be an
 * object with a string `name`; a missing `value` reads as empty, a structured one is refused.
 */
function nameValueList(list: unknown[], path: Path, fields: FieldReader): HarHeader[] {
  return list.map((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      const problem = `must be an object with name and value, not ${describeKind(item)}`;
      throw fields.fail([...path, i], problem, 'fix it, or remove the entry');
    }
    const name = fields.need<string>(item as Json, [...path, i, 'name'], 'string');
    const value = (item as Json).value;
    if (typeof value === 'object' && value !== null)
      throw fields.fail([...path, i, 'value'], `must be a string, not ${describeKind(value)}`, 'fix it, or remove the entry');
    return { name, value: value === undefined || value === null ? '' : String(value) };
  });
}

/** An optional name-value list (queryString, cookies): absent is fine, anything there must be well formed. */
function optionalList(parent: Json, path: Path, fields: FieldReader): HarHeader[] {
  const key = path[path.length - 1] as string;
  if (parent[key] === undefined || parent[key] === null) return [];
  return nameValueList(fields.need<unknown[]>(parent, path, 'array'), path, fields);
}

/** HAR header lists to a header map; repeated names become arrays; HTTP/2 pseudo-headers are dropped. */
export function headersFromList(list: HarHeader[]): Headers {
  const out: Headers = {};
  for (const { name, value } of list) {
    if (name.startsWith(':')) continue;
    const before = out[name];
    out[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return out;
}

/**
 * A HAR body (`content` or `postData`, at `path`): text, or base64 that must decode. Base64 content must hold
 * exactly `size` bytes where the HAR gives one (text is left alone: a browser may have recoded it from another
 * charset, so its byte count need not be the size that came over the wire).
 */
function harBody(
  holder: Json,
  encoding: unknown,
  size: unknown,
  path: Path,
  fields: FieldReader,
): { body: string; bodyEncoding?: 'base64'; bodyOmitted?: boolean; bodyTooLarge?: BodyTooLarge } | undefined {
  const { text } = holder;
  if (typeof text !== 'string') return undefined;
  const tooLarge = tooLargeOf(holder._graphcheck_body_too_large);
  if (encoding !== 'base64') return tooLarge ? { body: text, bodyOmitted: true, bodyTooLarge: tooLarge } : { body: text };
  if (!isBase64(text)) throw fields.fail([...path, 'text'], 'is not base64, though its encoding says so', 'fix it, or remove the entry');
  const bytes = Buffer.from(text, 'base64');
  if (typeof size === 'number' && size > 0 && size !== bytes.length) {
    const sizePath = path.at(-1) === 'content' ? [...path, 'size'] : [...path.slice(0, -1), 'bodySize'];
    throw fields.fail(sizePath, `is ${size} bytes, but the base64 content decodes to ${bytes.length}`, 'fix it, or remove the entry');
  }
  return tooLarge ? { ...storeBody(bytes), bodyOmitted: true, bodyTooLarge: tooLarge } : storeBody(bytes);
}

/** graphcheck's record of a body past the size limit, as `cassette export` wrote it (checked by the reader's rules). */
function tooLargeOf(value: unknown): BodyTooLarge | undefined {
  return typeof value === 'object' && value !== null ? (value as BodyTooLarge) : undefined;
}

function requestBody(
  postData: unknown,
  bodySize: unknown,
  path: Path,
  fields: FieldReader,
): { body: string; bodyEncoding?: 'base64' } | undefined {
  if (typeof postData !== 'object' || postData === null) return undefined;
  const data = postData as Json;
  const fromText = harBody(data, data._encoding ?? data.encoding, bodySize, path, fields);
  if (fromText) return fromText;
  if (!Array.isArray(data.params)) return undefined;
  const params = nameValueList(data.params, [...path, 'params'], fields);
  return {
    body: params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`).join('&'),
  };
}

/** Where an exchange field came from in a HAR entry: graphcheck's own facts ride in `_graphcheck_*` fields. */
const HAR_FIELDS: Record<string, Path> = {
  kind: ['_graphcheck_kind'],
  startedAt: ['startedDateTime'],
  startedAtMs: ['_graphcheck_started_at_ms'],
  durationMs: ['time'],
  signatureValid: ['_graphcheck_signature_valid'],
  'error.code': ['_graphcheck_error_code'],
  'error.message': ['response', '_error'],
};

/** The reader's own rules, applied before anything is written: an import never makes what `check` refuses. */
function checkExchange(exchange: Exchange, base: Path, fields: FieldReader): Exchange {
  const problem = exchangeProblem(exchange);
  if (!problem) return exchange;
  const where = HAR_FIELDS[problem.path] ?? (problem.path ? problem.path.split('.') : []);
  throw fields.fail([...base, ...where], problem.problem, 'fix it, or remove the entry');
}

function harRequest(request: Json, base: Path, fields: FieldReader): RecordedRequest {
  const at = [...base, 'request'];
  const method = fields.need<string>(request, [...at, 'method'], 'string');
  const url = fields.need<string>(request, [...at, 'url'], 'string');
  const headers = fields.need<unknown[]>(request, [...at, 'headers'], 'array');
  const out: RecordedRequest = {
    method: method.toUpperCase(),
    url,
    headers: headersFromList(nameValueList(headers, [...at, 'headers'], fields)),
  };
  // Not read, but a list there that is not name-value pairs is a broken HAR all the same.
  optionalList(request, [...at, 'queryString'], fields);
  optionalList(request, [...at, 'cookies'], fields);
  const sent = requestBody(request.postData, request.bodySize, [...at, 'postData'], fields);
  Object.assign(out, sent);
  if (!sent && typeof request.bodySize === 'number' && request.bodySize > 0) out.bodyOmitted = true;
  return out;
}

function harResponse(response: Json, status: number, base: Path, fields: FieldReader): RecordedResponse {
  const at = [...base, 'response'];
  const headers = fields.need<unknown[]>(response, [...at, 'headers'], 'array');
  optionalList(response, [...at, 'cookies'], fields);
  const content = fields.need<Json>(response, [...at, 'content'], 'object');
  const body = harBody(content, content.encoding, content.size, [...at, 'content'], fields) ?? { body: '' };
  // Devtools may save a HAR without response content; `size` says one came.
  const omitted = typeof content.text !== 'string' && (typeof content.size !== 'number' || content.size > 0);
  return {
    status,
    headers: headersFromList(nameValueList(headers, [...at, 'headers'], fields)),
    ...body,
    ...(omitted ? { bodyOmitted: true } : {}),
  };
}

function entryToExchange(entry: Json, i: number, fields: FieldReader): Exchange {
  const base = ['log', 'entries', i];
  const request = fields.need<Json>(entry, [...base, 'request'], 'object');
  const response = fields.need<Json>(entry, [...base, 'response'], 'object');
  const exchange: Exchange = {
    kind: (entry._graphcheck_kind as ExchangeKind | undefined) ?? 'api',
    startedAt: typeof entry.startedDateTime === 'string' ? entry.startedDateTime : new Date(0).toISOString(),
    durationMs: typeof entry.time === 'number' && entry.time >= 0 ? entry.time : 0,
    request: harRequest(request, base, fields),
  };
  if (typeof entry._graphcheck_signature_valid === 'boolean')
    exchange.signatureValid = entry._graphcheck_signature_valid;
  if (typeof entry._graphcheck_started_at_ms === 'number') exchange.startedAtMs = entry._graphcheck_started_at_ms;
  const status = fields.need<number>(response, [...base, 'response', 'status'], 'number');
  if (status === 0) {
    // Browsers write status 0 for a request that got no response.
    const message = typeof response._error === 'string' ? response._error : 'no response was recorded';
    exchange.error = { code: String(entry._graphcheck_error_code ?? 'NO_RESPONSE'), message };
  } else {
    exchange.response = harResponse(response, status, base, fields);
  }
  return checkExchange(exchange, base, fields);
}

/**
 * The redaction a HAR exported by graphcheck carries (salt, stand-in, placeholder hashes), if any. It goes into
 * the imported cassette's header, so it must pass the reader's header rules.
 */
export function harRedaction(data: unknown, file: string): CassetteHeader['redaction'] | undefined {
  const log = (data as { log?: { _graphcheck_redaction?: unknown } }).log;
  const redaction = log?._graphcheck_redaction as CassetteHeader['redaction'] | undefined;
  if (!redaction || typeof redaction !== 'object' || typeof redaction.enabled !== 'boolean') return undefined;
  const header = { graphcheck_cassette: CASSETTE_FORMAT, target: 'http://invalid', recorded_at: '', redaction };
  const problem = headerProblem(header);
  if (problem) {
    const where = problem.path.split('.').slice(1);
    throw new FieldReader(file).fail(
      ['log', '_graphcheck_redaction', ...where],
      problem.problem,
      'fix it, or remove log._graphcheck_redaction (the cassette then gets a salt of its own)',
    );
  }
  return redaction.placeholders ? { ...redaction, placeholders: modernPlaceholderTable(redaction.placeholders) } : redaction;
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

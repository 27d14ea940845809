import type { Exchange, Headers } from '../model/exchange.js';
import { decodedResponse, storeBody } from './body.js';
import type { FieldReader, Json } from './import-fields.js';

type VcrHeaders = Record<string, unknown>;

/** VCR header maps hold lists (`Content-Type: [text/plain]`); one value becomes a string. */
function headersOf(map: VcrHeaders | undefined): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(map ?? {})) {
    if (value === null || value === undefined) continue;
    const list = (Array.isArray(value) ? value : [value]).map((v) => String(v));
    out[name] = list.length === 1 ? (list[0] as string) : list;
  }
  return out;
}

/** A VCR body: `{encoding, string}`, `{base64_string}`, a bare string (vcrpy), or `!!binary` bytes. */
function bodyOf(body: unknown): { body: string; bodyEncoding?: 'base64' } | undefined {
  if (body === null || body === undefined) return undefined;
  if (body instanceof Uint8Array) return storeBody(Buffer.from(body));
  if (typeof body === 'string') return { body };
  const b = body as Json;
  if (typeof b.base64_string === 'string') return storeBody(Buffer.from(b.base64_string, 'base64'));
  if (b.string instanceof Uint8Array) return storeBody(Buffer.from(b.string));
  if (typeof b.string === 'string') return { body: b.string };
  return undefined;
}

function isoTime(value: unknown): string {
  const time = typeof value === 'string' || value instanceof Date ? new Date(value) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time.toISOString() : new Date(0).toISOString();
}

function interactionToExchange(item: Json, path: Array<string | number>, fields: FieldReader): Exchange {
  const request = fields.need<Json>(item, [...path, 'request'], 'object');
  const response = fields.need<Json>(item, [...path, 'response'], 'object');
  const method = fields.need<string>(request, [...path, 'request', 'method'], 'string');
  const uri = fields.need<string>(request, [...path, 'request', 'uri'], 'string');
  const status = fields.need<Json>(response, [...path, 'response', 'status'], 'object');
  const code = fields.need<number>(status, [...path, 'response', 'status', 'code'], 'number');
  const exchange: Exchange = {
    kind: 'api',
    startedAt: isoTime(item.recorded_at),
    durationMs: 0,
    request: {
      method: method.toUpperCase(),
      url: uri,
      headers: headersOf(request.headers as VcrHeaders),
    },
  };
  const requestBody = bodyOf(request.body);
  if (requestBody && requestBody.body !== '') Object.assign(exchange.request, requestBody);
  const headers = headersOf(response.headers as VcrHeaders);
  exchange.response = { status: code, headers, ...decodedResponse(bodyOf(response.body) ?? { body: '' }, headers) };
  return exchange;
}

/** The exchanges of a Ruby VCR (`http_interactions`) or vcrpy (`interactions`) cassette. */
export function vcrToExchanges(
  data: Json,
  fields: FieldReader,
): { format: 'vcr' | 'vcrpy'; exchanges: Exchange[] } {
  const format = 'http_interactions' in data ? 'vcr' : 'vcrpy';
  const key = format === 'vcr' ? 'http_interactions' : 'interactions';
  const list = fields.need<Json[]>(data, [key], 'array');
  const exchanges = list.map((item, i) => {
    if (typeof item !== 'object' || item === null) throw fields.fail([key, i], 'is not a mapping', 'fix it');
    return interactionToExchange(item, [key, i], fields);
  });
  return { format, exchanges };
}

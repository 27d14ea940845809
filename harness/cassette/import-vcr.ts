import type { Exchange, Headers } from '../model/exchange.js';
import { isBase64, storeBody } from '../http/stored-body.js';
import { decodedResponse } from './decoded-response.js';
import { sizeWords } from '../http/body-limit.js';
import { countOf } from '../words.js';
import { exchangeProblem } from './cassette-schema.js';
import { describeKind, type FieldReader, type Json } from './import-fields.js';

type Path = Array<string | number>;


function isScalar(value: unknown): boolean {
  return ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;
}

/** VCR header maps hold lists (`Content-Type: [text/plain]`); one value becomes a string. */
function headersOf(map: unknown, path: Path, fields: FieldReader): Headers {
  if (map === null || map === undefined) return {};
  if (typeof map !== 'object' || Array.isArray(map))
    throw fields.fail(path, `must be a mapping of names to values, not ${describeKind(map, 'yaml')}`, 'fix it, or remove the entry');
  const out: Headers = {};
  for (const [name, value] of Object.entries(map)) {
    if (value === null || value === undefined) continue;
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (!list.every(isScalar))
      throw fields.fail([...path, name], 'must be a value or a list of values', 'fix it, or remove the entry');
    out[name] = list.length === 1 ? String(list[0]) : list.map(String);
  }
  return out;
}

/** A VCR body: `{encoding, string}`, `{base64_string}`, a bare string (vcrpy), or `!!binary` bytes. */
function bodyOf(body: unknown, path: Path, fields: FieldReader): { body: string; bodyEncoding?: 'base64' } | undefined {
  if (body === null || body === undefined) return undefined;
  if (body instanceof Uint8Array) return storeBody(Buffer.from(body));
  if (typeof body === 'string') return { body };
  const b = body as Json;
  if (typeof b.base64_string === 'string') {
    if (!isBase64(b.base64_string)) throw fields.fail([...path, 'base64_string'], 'is not base64', 'fix it, or remove the entry');
    return storeBody(Buffer.from(b.base64_string, 'base64'));
  }
  if (b.string instanceof Uint8Array) return storeBody(Buffer.from(b.string));
  if (typeof b.string === 'string') return { body: b.string };
  return undefined;
}

function isoTime(value: unknown): string {
  const time = typeof value === 'string' || value instanceof Date ? new Date(value) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time.toISOString() : new Date(0).toISOString();
}

/** Where an exchange field came from in a VCR interaction. */
const VCR_FIELDS: Record<string, Path> = {
  'request.url': ['request', 'uri'],
  'response.status': ['response', 'status', 'code'],
};

/** Bodies kept as recorded because they decode past the limit: said once per file, never dropped in silence. */
interface KeptCompressed {
  count: number;
  limit: number;
}

function interactionToExchange(item: Json, path: Array<string | number>, fields: FieldReader, kept: KeptCompressed): Exchange {
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
      headers: headersOf(request.headers, [...path, 'request', 'headers'], fields),
    },
  };
  const requestBody = bodyOf(request.body, [...path, 'request', 'body'], fields);
  if (requestBody && requestBody.body !== '') Object.assign(exchange.request, requestBody);
  const headers = headersOf(response.headers, [...path, 'response', 'headers'], fields);
  const decoded = decodedResponse(bodyOf(response.body, [...path, 'response', 'body'], fields) ?? { body: '' }, headers);
  if (decoded.pastLimit !== undefined) {
    kept.count++;
    kept.limit = decoded.pastLimit;
  }
  exchange.response = { status: code, headers, ...decoded.stored };
  const problem = exchangeProblem(exchange);
  if (problem) {
    // The reader's own rules, before anything is written: an import never makes what `check` refuses.
    const where = VCR_FIELDS[problem.path] ?? (problem.path ? problem.path.split('.') : []);
    throw fields.fail([...path, ...where], problem.problem, 'fix it, or remove the entry');
  }
  return exchange;
}

/** The exchanges of a Ruby VCR (`http_interactions`) or vcrpy (`interactions`) cassette. */
export function vcrToExchanges(
  data: Json,
  fields: FieldReader,
): { format: 'vcr' | 'vcrpy'; exchanges: Exchange[]; notes: string[] } {
  const format = 'http_interactions' in data ? 'vcr' : 'vcrpy';
  const key = format === 'vcr' ? 'http_interactions' : 'interactions';
  const list = fields.need<Json[]>(data, [key], 'array');
  const kept: KeptCompressed = { count: 0, limit: 0 };
  const exchanges = list.map((item, i) => {
    if (typeof item !== 'object' || item === null) throw fields.fail([key, i], 'is not a mapping', 'fix it');
    return interactionToExchange(item, [key, i], fields, kept);
  });
  const notes =
    kept.count === 0
      ? []
      : [
          `${fields.file}: ${countOf(kept.count, 'response')} with a compressed body that would pass ${sizeWords(kept.limit)} decoded`,
        ];
  return { format, exchanges, notes };
}

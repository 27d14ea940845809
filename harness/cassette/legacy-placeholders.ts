import type { Exchange, Headers, RecordedRequest, RecordedResponse } from '../model/exchange.js';
import { modernPlaceholders } from '../redaction/placeholder.js';

/**
 * Cassettes of graphcheck 0.1 wrote placeholders as `<redacted:KIND:N>`; readers hand every exchange on with the
 * one form (`redacted-KIND-N`), so nothing past them knows the old one. Costs one `includes` per text when the
 * cassette has none.
 */
export function modernExchange(exchange: Exchange): Exchange {
  const request = modernPart(exchange.request);
  const response = exchange.response ? modernPart(exchange.response) : undefined;
  const message = exchange.error ? modernPlaceholders(exchange.error.message) : undefined;
  if (request === exchange.request && response === exchange.response && message === exchange.error?.message) return exchange;
  return {
    ...exchange,
    request,
    ...(response ? { response } : {}),
    ...(exchange.error ? { error: { ...exchange.error, message: message as string } } : {}),
  };
}

/** Plain data (a run document) with the one form in every string. */
export function modernValue<T>(value: T): T {
  const text = JSON.stringify(value);
  return text.includes('<redacted:') ? (JSON.parse(modernPlaceholders(text)) as T) : value;
}

function modernPart<T extends RecordedRequest | RecordedResponse>(part: T): T {
  const url = 'url' in part ? modernPlaceholders(part.url) : undefined;
  const headers = modernHeaders(part.headers);
  const body = part.body === undefined ? undefined : modernBody(part.body, part.bodyEncoding);
  if (url === ('url' in part ? part.url : undefined) && headers === part.headers && body === part.body) return part;
  return { ...part, ...(url === undefined ? {} : { url }), headers, ...(body === undefined ? {} : { body }) };
}

function modernHeaders(headers: Headers): Headers {
  let changed = false;
  const out: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    const modern = Array.isArray(value) ? value.map(modernPlaceholders) : modernPlaceholders(value);
    changed ||= Array.isArray(value) ? value.some((v, i) => v !== (modern as string[])[i]) : modern !== value;
    out[name] = modern;
  }
  return changed ? out : headers;
}

/** Binary bodies (a multipart upload) carry placeholders as ASCII: latin1 keeps every other byte as it is. */
function modernBody(body: string, encoding: 'utf8' | 'base64' | undefined): string {
  if (encoding !== 'base64') return modernPlaceholders(body);
  const latin1 = Buffer.from(body, 'base64').toString('latin1');
  if (!latin1.includes('<redacted:')) return body;
  return Buffer.from(modernPlaceholders(latin1), 'latin1').toString('base64');
}

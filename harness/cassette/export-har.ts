import { closeSync, openSync, writeSync } from 'node:fs';
import { headerValue } from '../headers.js';
import type { Exchange, Headers } from '../model/exchange.js';
import { type OpenCassette, openCassette } from './cassette-reader.js';
import { GRAPHCHECK_VERSION } from './cassette-writer.js';
import { writeAtomically } from '../files/write-atomically.js';

function headerList(headers: Headers): Array<{ name: string; value: string }> {
  return Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })),
  );
}

function queryString(url: string): Array<{ name: string; value: string }> {
  const q = url.indexOf('?');
  if (q === -1) return [];
  return [...new URLSearchParams(url.slice(q + 1).split('#')[0]).entries()].map(([name, value]) => ({
    name,
    value,
  }));
}

function bodySize(body: string | undefined, encoding: string | undefined): number {
  if (body === undefined) return 0;
  return Buffer.byteLength(body, encoding === 'base64' ? 'base64' : 'utf8');
}

/** One HAR 1.2 entry; graphcheck's own facts go in `_graphcheck_*` fields (HAR's custom-field rule). */
export function exchangeToHarEntry(exchange: Exchange): Record<string, unknown> {
  const { request, response } = exchange;
  const entry: Record<string, unknown> = {
    startedDateTime: exchange.startedAt,
    time: exchange.durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(request.headers),
      queryString: queryString(request.url),
      ...(request.body !== undefined
        ? {
            postData: {
              mimeType: headerValue(request.headers, 'content-type') ?? '',
              text: request.body,
              ...(request.bodyEncoding === 'base64' ? { _encoding: 'base64' } : {}),
              ...(request.bodyTooLarge ? { _graphcheck_body_too_large: request.bodyTooLarge } : {}),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: bodySize(request.body, request.bodyEncoding),
    },
    response: {
      status: response?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(response?.headers ?? {}),
      content: {
        size: bodySize(response?.body, response?.bodyEncoding),
        mimeType: headerValue(response?.headers ?? {}, 'content-type') ?? '',
        text: response?.body ?? '',
        ...(response?.bodyEncoding === 'base64' ? { encoding: 'base64' } : {}),
        ...(response?.bodyTooLarge ? { _graphcheck_body_too_large: response.bodyTooLarge } : {}),
      },
      redirectURL: headerValue(response?.headers ?? {}, 'location') ?? '',
      headersSize: -1,
      bodySize: bodySize(response?.body, response?.bodyEncoding),
      ...(exchange.error ? { _error: exchange.error.message } : {}),
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    _graphcheck_kind: exchange.kind ?? 'api',
  };
  if (exchange.error) entry._graphcheck_error_code = exchange.error.code;
  if (exchange.signatureValid !== undefined) entry._graphcheck_signature_valid = exchange.signatureValid;
  if (exchange.startedAtMs !== undefined) entry._graphcheck_started_at_ms = exchange.startedAtMs;
  return entry;
}

/**
 * Writes a cassette as HAR 1.2, streaming entry by entry. Placeholders stay placeholders. The HAR goes to a
 * temporary file renamed to `out` at the end: a cassette that breaks halfway leaves no HAR, and keeps one there.
 */
export async function exportHar(cassetteFile: string, out: string): Promise<number> {
  const cassette = await openCassette(cassetteFile);
  return writeAtomically(out, 'the HAR file', (temp) => writeHar(cassette, temp));
}

async function writeHar(cassette: OpenCassette, file: string): Promise<number> {
  const fd = openSync(file, 'w');
  let count = 0;
  try {
    const creator = { name: 'graphcheck', version: GRAPHCHECK_VERSION };
    const comment = `exported from ${cassette.file}; target ${cassette.header.target}`;
    writeSync(
      fd,
      `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"comment":${JSON.stringify(comment)},"entries":[\n`,
    );
    for await (const { exchange } of cassette.entries()) {
      writeSync(fd, `${count === 0 ? '' : ',\n'}${JSON.stringify(exchangeToHarEntry(exchange))}`);
      count++;
    }
    // The keyed hashes of the placeholders (never the secrets): an import of this HAR replays with real secrets.
    writeSync(fd, `\n],"_graphcheck_redaction":${JSON.stringify({ ...cassette.header.redaction, placeholders: cassette.placeholders })}}}\n`);
  } finally {
    closeSync(fd);
  }
  return count;
}

import type { IncomingHttpHeaders } from 'node:http';
import { invalidParam } from '../graph-error.js';
import type { UploadedFile } from '../types.js';
import { foldParams } from './bracket-params.js';
import { multipartBoundary, parseMultipart } from './multipart.js';

export interface ParsedParams {
  params: Record<string, unknown>;
  files: UploadedFile[];
  accessToken: string | null;
}

/**
 * Query, form, multipart and JSON parameters merged (body over query). JSON bodies and form-looking bodies
 * without a Content-Type are accepted leniently: the interface only says "query string or form fields".
 */
export function parseRequestParams(url: URL, headers: IncomingHttpHeaders, raw: Buffer): ParsedParams {
  const { pairs, files } = bodyPairs(headers['content-type'] ?? '', raw);
  const params = foldParams([...url.searchParams, ...pairs]);
  return { params, files, accessToken: tokenOf(params, headers) };
}

function bodyPairs(
  contentType: string,
  raw: Buffer,
): { pairs: Array<[string, unknown]>; files: UploadedFile[] } {
  const none = { pairs: [], files: [] };
  if (raw.length === 0) return none;
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = multipartBoundary(contentType);
    if (!boundary) throw invalidParam('multipart/form-data without a boundary.');
    const { fields, files } = parseMultipart(raw, boundary);
    return { pairs: fields, files };
  }
  const text = raw.toString('utf8');
  if (type.includes('json') || (type === '' && text.trimStart().startsWith('{'))) {
    return { pairs: jsonPairs(text), files: [] };
  }
  if (type.startsWith('application/x-www-form-urlencoded') || (type === '' && /^[^=&\s]+=/.test(text))) {
    return { pairs: [...new URLSearchParams(text)], files: [] };
  }
  return none;
}

function jsonPairs(text: string): Array<[string, unknown]> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidParam('The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidParam('A JSON request body must be an object of parameters.');
  }
  return Object.entries(body);
}

/** `access_token` wins; a bearer header is accepted leniently (the spec shows no other transport, NS-16). */
function tokenOf(params: Record<string, unknown>, headers: IncomingHttpHeaders): string | null {
  const param = params['access_token'];
  if (typeof param === 'string') return param;
  const match = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(headers.authorization ?? '');
  return match?.[1] ?? null;
}

import { invalidParam } from '../graph-error.js';
import type { UploadedFile } from '../types.js';

export interface MultipartResult {
  fields: Array<[string, string]>;
  files: UploadedFile[];
}

/** The boundary of a `multipart/form-data` Content-Type, quoted or not. */
export function multipartBoundary(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * A small RFC 7578 parser: parts with a `filename` become files (kept as bytes), others text fields.
 * Malformed bodies are code 100, never a crash.
 */
export function parseMultipart(body: Buffer, boundary: string): MultipartResult {
  const delimiter = Buffer.from(`--${boundary}`);
  const result: MultipartResult = { fields: [], files: [] };
  let start = body.indexOf(delimiter);
  if (start < 0) throw invalidParam('Malformed multipart body: boundary not found.');
  while (true) {
    start += delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return result;
    const next = body.indexOf(delimiter, start);
    if (next < 0) throw invalidParam('Malformed multipart body: missing closing boundary.');
    readPart(body.subarray(skipNewline(body, start), trimNewline(body, next)), result);
    start = next;
  }
}

function skipNewline(body: Buffer, at: number): number {
  if (body[at] === 0x0d && body[at + 1] === 0x0a) return at + 2;
  return body[at] === 0x0a ? at + 1 : at;
}

function trimNewline(body: Buffer, end: number): number {
  if (body[end - 2] === 0x0d && body[end - 1] === 0x0a) return end - 2;
  return body[end - 1] === 0x0a ? end - 1 : end;
}

function readPart(part: Buffer, into: MultipartResult): void {
  let split = part.indexOf('\r\n\r\n');
  let gap = 4;
  if (split < 0) {
    split = part.indexOf('\n\n');
    gap = 2;
  }
  if (split < 0) throw invalidParam('Malformed multipart body: a part has no header block.');
  const headers = part.subarray(0, split).toString('utf8');
  const data = part.subarray(split + gap);
  const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw invalidParam('Malformed multipart body: a part has no name.');
  const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  if (filename === undefined) {
    into.fields.push([name, data.toString('utf8')]);
    return;
  }
  const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
  into.files.push({ field: name, filename, contentType, data: Buffer.from(data) });
}

import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { isUtf8 } from 'node:buffer';
import { headerKey, headerValue } from '../headers.js';

/** A body as a cassette keeps it: text when the bytes are valid UTF-8, base64 otherwise. */
export interface StoredBody {
  body: string;
  bodyEncoding?: 'base64';
}

export function storeBody(bytes: Buffer): StoredBody {
  if (isUtf8(bytes)) return { body: bytes.toString('utf8') };
  return { body: bytes.toString('base64'), bodyEncoding: 'base64' };
}

/** The exact bytes of a stored body; an absent body is empty. */
export function bodyBytes(body: string | undefined, encoding: 'utf8' | 'base64' | undefined): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  return Buffer.from(body, encoding === 'base64' ? 'base64' : 'utf8');
}

const DECODERS: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/**
 * A response body recorded still compressed (vcrpy keeps gzip bytes as `!!binary`), decoded so it can be read
 * and served as what the client saw; the `content-encoding` header goes with it. Left as it is when it does not
 * decode.
 */
export function decodedResponse(stored: StoredBody, headers: Record<string, string | string[]>): StoredBody {
  const name = headerKey(headers, 'content-encoding');
  const coding = headerValue(headers, 'content-encoding')?.trim().toLowerCase();
  const decode = coding === undefined ? undefined : DECODERS[coding];
  if (!decode || stored.bodyEncoding !== 'base64') return stored;
  try {
    const decoded = storeBody(decode(Buffer.from(stored.body, 'base64')));
    delete headers[name!];
    return decoded;
  } catch {
    return stored;
  }
}

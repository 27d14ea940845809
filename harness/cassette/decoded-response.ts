import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { headerKey, headerValue } from '../headers.js';
import { type StoredBody, storeBody } from '../http/stored-body.js';

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

import { brotliDecompressSync, gunzipSync, inflateSync, type ZlibOptions } from 'node:zlib';
import { headerKey, headerValue } from '../headers.js';
import { DEFAULT_MAX_BODY } from '../http/body-limit.js';
import { type StoredBody, storeBody } from '../http/stored-body.js';

const DECODERS: Record<string, (bytes: Buffer, options: ZlibOptions) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** A response body as `decodedResponse` leaves it, and whether it stayed compressed for decoding past the limit. */
export interface DecodedBody {
  stored: StoredBody;
  /** Set when the body decodes past `limit`: it is kept compressed, as recorded, with its `content-encoding`. */
  pastLimit?: number;
}

/**
 * A response body recorded still compressed (vcrpy keeps gzip bytes as `!!binary`), decoded so it can be read
 * and served as what the client saw; the `content-encoding` header goes with it. Left as it is when it does not
 * decode, or when it decodes past `limit` bytes (a 4.7 KB file can hold gigabytes of zeros): then nothing is
 * lost, and `pastLimit` tells the caller to say so.
 */
export function decodedResponse(
  stored: StoredBody,
  headers: Record<string, string | string[]>,
  limit = DEFAULT_MAX_BODY,
): DecodedBody {
  const name = headerKey(headers, 'content-encoding');
  const coding = headerValue(headers, 'content-encoding')?.trim().toLowerCase();
  const decode = coding === undefined ? undefined : DECODERS[coding];
  if (!decode || stored.bodyEncoding !== 'base64') return { stored };
  try {
    const decoded = storeBody(decode(Buffer.from(stored.body, 'base64'), { maxOutputLength: limit }));
    delete headers[name!];
    return { stored: decoded };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { stored, pastLimit: limit };
    return { stored };
  }
}

import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync, type ZlibOptions } from 'node:zlib';
import { DEFAULT_MAX_BODY, sizeWords } from './body-limit.js';

/**
 * The most bytes a compressed body is decoded to. A body that decodes to more (a compression bomb: a few KB that
 * inflate to gigabytes) is not decoded at all: it is lost, and said to be, never kept as an empty or partial body.
 */
export const MAX_DECODED_BODY = DEFAULT_MAX_BODY;

type Decoder = (bytes: Buffer, options: ZlibOptions) => Buffer;

/** HTTP's `deflate` is zlib-wrapped, but servers also send it raw: both are tried. */
const inflateEither: Decoder = (bytes, options) => {
  try {
    return inflateSync(bytes, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error;
    return inflateRawSync(bytes, options);
  }
};

const DECODERS: Record<string, Decoder> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateEither,
  br: (bytes, options) => brotliDecompressSync(bytes, { maxOutputLength: options.maxOutputLength }),
};

/** What a `Content-Encoding` made of a body: its decoded bytes, or why they cannot be had. */
export type DecodedContent = { bytes: Buffer } | { lost: string };

/** The codings a `Content-Encoding` value lists, in the order they were applied; `identity` left out. */
export function contentCodings(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

/**
 * `bytes` with `codings` undone (the last applied first), each step bounded by `limit`: a coding graphcheck does
 * not know, a stream that does not decode, or one that decodes past the limit gives the reason it is lost.
 */
export function decodeContent(bytes: Buffer, codings: string[], limit = MAX_DECODED_BODY): DecodedContent {
  let out = bytes;
  for (const coding of [...codings].reverse()) {
    const decode = DECODERS[coding];
    if (!decode) return { lost: `${coding}-encoded body: a coding graphcheck does not decode` };
    try {
      out = decode(out, { maxOutputLength: limit });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        return { lost: `${coding}-encoded body decodes to more than ${sizeWords(limit)}` };
      }
      return { lost: `${coding}-encoded body does not decode (${(error as Error).message})` };
    }
  }
  return { bytes: out };
}

import { isUtf8 } from 'node:buffer';

/** A body as an exchange keeps it: text when the bytes are valid UTF-8, base64 otherwise. */
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

/**
 * True when `text` decodes as base64: the standard alphabet, padded or not (line breaks allowed between groups).
 * Node's decoder skips what it does not know without a word, so a body said to be base64 is checked first.
 */
export function isBase64(text: string): boolean {
  if (text.length > CANONICAL_FIRST && isCanonicalBase64(text)) return true;
  const compact = /[\r\n\t ]/.test(text) ? text.replace(/[\r\n\t ]+/g, '') : text;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return false;
  return compact.includes('=') ? compact.length % 4 === 0 : compact.length % 4 !== 1;
}

/** Past this length a body is first tried as canonical base64 (a recorded 10 MB upload: 13 MB of text). */
const CANONICAL_FIRST = 64 * 1024;

/**
 * True when Node's encoder writes `text` back from its own decoding: only the alphabet, canonical, padded or not.
 * Native decoding and encoding take a tenth of the time the patterns take over such a text; what fails here (line
 * breaks, unusual padding bits) is still judged by them.
 */
function isCanonicalBase64(text: string): boolean {
  const again = Buffer.from(text, 'base64').toString('base64');
  // Padded, the encoder writes this very text; unpadded: the encoder's text is this one with its padding added.
  return again === text || (!text.endsWith('=') && again.startsWith(text) && /^={1,2}$/.test(again.slice(text.length)));
}

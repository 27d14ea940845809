import { headerKey, headerValue } from '../headers.js';
import { contentCodings, decodeContent } from '../http/content-coding.js';
import { bodyBytes, storeBody } from '../http/stored-body.js';
import type { Exchange, RecordedRequest, RecordedResponse } from '../model/exchange.js';

type Part = RecordedRequest | RecordedResponse;

/**
 * A part whose body was sent compressed (`Content-Encoding: gzip`, `deflate`, `br`), decoded so the secrets in it
 * can be found, its `Content-Encoding` dropped (it now describes nothing). A body that cannot be decoded within
 * the limit (a bomb, a broken stream, a coding not known here) might hide a secret in any of its bytes: it is
 * dropped, with `bodyOmitted` and `bodyLost` saying why, never kept as if the answer had been empty.
 */
function decodedPart<T extends Part>(part: T): T {
  const codings = contentCodings(headerValue(part.headers, 'content-encoding'));
  if (codings.length === 0 || part.body === undefined || part.body === '') return part;
  const headers = { ...part.headers };
  const decoded = decodeContent(bodyBytes(part.body, part.bodyEncoding), codings);
  if ('lost' in decoded) {
    const { bodyEncoding: _encoding, bodyTooLarge: _tooLarge, ...rest } = part;
    // The same part with its body swapped: a request or a response stays one.
    return { ...rest, body: '', bodyOmitted: true, bodyLost: `${decoded.lost}: not kept, as it could not be searched for secrets` } as T;
  }
  delete headers[headerKey(headers, 'content-encoding') as string];
  const { bodyEncoding: _encoding, ...rest } = part;
  return { ...rest, headers, ...storeBody(decoded.bytes) } as T;
}

/** `exchange` with every compressed body decoded (or, when it cannot be, lost and said so). */
export function withBodiesDecoded(exchange: Exchange): Exchange {
  const request = decodedPart(exchange.request);
  const response = exchange.response ? decodedPart(exchange.response) : undefined;
  if (request === exchange.request && response === exchange.response) return exchange;
  return { ...exchange, request, ...(response ? { response } : {}) };
}

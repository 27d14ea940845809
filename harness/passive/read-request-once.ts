import { type ReadRequest, readRequest } from '../checks/requests/request-params.js';
import type { Exchange } from '../model/index.js';

const read = new WeakMap<Exchange, ReadRequest>();

/**
 * `readRequest`, once per recorded exchange: every passive block asks each exchange for its parameters (and the
 * accepted operations for its token), and decoding a body (base64, multipart) for each of them made `check` over
 * the shipped run spend most of its time there. A recorded exchange does not change once read. Callers only read.
 */
export function readRequestOnce(exchange: Exchange): ReadRequest {
  let request = read.get(exchange);
  if (!request) read.set(exchange, (request = readRequest(exchange)));
  return request;
}

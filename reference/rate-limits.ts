import { createHash } from 'node:crypto';
import { GraphError } from './graph-error.js';

/**
 * The spec's rate limits as a switch (`rateLimitEvery: N`), for showing a client waits and retries: every Nth photos
 * read of a Page answers 80001 and every Nth call to a messaging business account's templates answers 80008,
 * counted per account, from the first call on (a reset does not restart the count). The limited call changes
 * nothing, and the same request sent again is served: the limit clears for whoever waited. Without the switch,
 * nothing is ever limited (the spec shows no thresholds: NS-22).
 */
export function createRateLimits(every: number | undefined): (method: string, path: string, request: RequestKey) => void {
  if (!every) return () => {};
  const calls = new Map<string, number>();
  // The requests answered with a limit and not sent again yet: their next sending is served. Counted alone, a
  // request sent again while other callers call the same account meets every Nth call as often as any other, and
  // a client that waits and retries a few times could still be refused by chance.
  const limited = new Set<string>();
  return (method, path, request) => {
    const limit = limitOf(method, path);
    if (!limit) return;
    const key = createHash('sha256').update(`${method} ${request.target}\n`).update(request.body).digest('hex');
    if (limited.delete(key)) return;
    const count = (calls.get(limit.account) ?? 0) + 1;
    calls.set(limit.account, count);
    if (count % every === 0) {
      limited.add(key);
      throw new GraphError(limit.code, limit.message);
    }
  };
}

/** What tells one request from another: its path with the query, and its body. */
export interface RequestKey {
  target: string;
  body: Buffer;
}

function limitOf(method: string, path: string): { account: string; code: number; message: string } | undefined {
  const photos = method === 'GET' ? /^\/([^/]+)\/photos$/.exec(path) : null;
  if (photos) return { account: `page:${photos[1]}`, code: 80001, message: '(#80001) There have been too many calls to this Page account. Wait a bit and try again.' };
  const templates = /^\/([^/]+)\/message_templates$/.exec(path);
  if (templates) {
    return { account: `waba:${templates[1]}`, code: 80008, message: '(#80008) There have been too many calls to this messaging business account. Wait a bit and try again.' };
  }
  return undefined;
}

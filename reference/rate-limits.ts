import { GraphError } from './graph-error.js';

/**
 * The spec's rate limits as a switch (`rateLimitEvery: N`), for showing a client waits and retries: every Nth photos
 * read of a Page answers 80001 and every Nth call to a messaging business account's templates answers 80008,
 * counted per account, from the first call on (a reset does not restart the count). The limited call changes
 * nothing. Without the switch, nothing is ever limited (the spec shows no thresholds: NS-22).
 */
export function createRateLimits(every: number | undefined): (method: string, path: string) => void {
  if (!every) return () => {};
  const calls = new Map<string, number>();
  return (method, path) => {
    const limit = limitOf(method, path);
    if (!limit) return;
    const count = (calls.get(limit.account) ?? 0) + 1;
    calls.set(limit.account, count);
    if (count % every === 0) throw new GraphError(limit.code, limit.message);
  };
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

/** How long the reference waits for what it fetches before calling it unreachable. */
const TIMEOUT_MS = 2_000;

/**
 * A GET of a URL the reference was handed (a post's `link` or `picture`, a photo or attachment URL), or undefined
 * when it is not http(s) on a loopback host or nothing answers in time. The reference is offline by design: it only
 * ever fetches loopback hosts (the suite's content host lives there, contract §4a) and follows no redirect, so no
 * traffic leaves the machine. The caller reads or cancels the body.
 */
export async function fetchOnLoopback(link: string): Promise<Response | undefined> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !isLoopback(url.hostname)) return undefined;
  try {
    return await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return undefined;
  }
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

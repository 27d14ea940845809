/** How long the reference waits for a `link` before calling it unreachable. */
const TIMEOUT_MS = 2_000;

/**
 * Whether a post's `link` can be seen (R28): a GET answered below 400. The reference is offline by design: it
 * only ever fetches loopback hosts (the suite's content host lives there, contract §4a), so any other host
 * counts as unreachable and no traffic leaves the machine.
 */
export async function isLinkReachable(link: string): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !isLoopback(url.hostname)) return false;
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.body?.cancel();
    return response.status < 400;
  } catch {
    return false;
  }
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

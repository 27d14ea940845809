import { fetchOnLoopback } from '../../http/loopback-fetch.js';

/** Whether a post's `link` can be seen (R28): a GET answered below 400; only loopback hosts are fetched. */
export async function isLinkReachable(link: string): Promise<boolean> {
  const response = await fetchOnLoopback(link);
  await response?.body?.cancel().catch(() => {});
  return response !== undefined && response.status < 400;
}

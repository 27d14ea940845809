import { fetchOnLoopback } from '../../http/loopback-fetch.js';

/** Reading stops here: enough to see any file cross the 10 MB limit, bounded for a hostile host. */
const READ_CAP_BYTES = 32 * 1024 * 1024;

/**
 * The bytes behind a photo `url` or a comment attachment URL, or undefined when it cannot be fetched (any
 * status of 400 or more, a refused connection, a timeout). Like the feed's link check, only loopback hosts
 * are ever fetched (contract §4a), so the reference never sends traffic off the machine.
 */
export async function fetchImage(link: string): Promise<Buffer | undefined> {
  const response = await fetchOnLoopback(link);
  if (!response) return undefined;
  try {
    if (response.status >= 400 || !response.body) {
      await response.body?.cancel();
      return undefined;
    }
    return await readCapped(response.body);
  } catch {
    return undefined;
  }
}

async function readCapped(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk));
    size += chunk.length;
    if (size > READ_CAP_BYTES) break;
  }
  return Buffer.concat(chunks);
}

import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { type Upstream, upstreamUrl } from '../test/helpers/reference-behind.js';

/**
 * A TCP proxy on loopback that makes a target look remote: every chunk waits `oneWayMs` before it is passed on, in
 * each direction, in order (so a round trip costs twice that, however many requests share the connection), and a
 * new connection pays one more round trip before its first byte goes out, as a TCP handshake would. It knows
 * nothing of HTTP: keep-alive, pipelining and bodies pass as they would over a slow link. `connections` counts
 * what clients opened, for the benchmark's account. The upstream (`http://host:port`) may be a function, read as
 * each connection opens: the reference starts after its proxy, with the proxy's URL as its public one
 * (`referenceBehind`, test/helpers/reference-behind.ts).
 */
export async function startDelayProxy(
  target: Upstream,
  oneWayMs: number,
): Promise<{ url: string; port: number; connections(): number; close(): Promise<void> }> {
  let opened = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    opened++;
    const { hostname, port } = new URL(upstreamUrl(target));
    const upstream = connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // The handshake's round trip: nothing the client sends leaves before it.
    relay(client, upstream, oneWayMs, 2 * oneWayMs);
    relay(upstream, client, oneWayMs, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => opened,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

/**
 * Passes `from`'s bytes to `to`, each chunk `delayMs` after it arrived (and none before `firstAfterMs` from now),
 * keeping their order; an end is passed on after the chunks before it. One queue and one timer at a time: a timer
 * per chunk reordered chunks due in the same millisecond (Node keeps a list per delay and may fire two lists due
 * at once in either order), which broke a large request body into garbage the server closed the connection on.
 */
function relay(from: Socket, to: Socket, delayMs: number, firstAfterMs: number): void {
  const notBefore = Date.now() + firstAfterMs;
  const queue: { at: number; pass: () => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    while (queue.length > 0 && queue[0]!.at <= Date.now()) queue.shift()!.pass();
    if (queue.length > 0) timer = setTimeout(flush, queue[0]!.at - Date.now());
  };
  const later = (pass: () => void) => {
    queue.push({ at: Math.max(Date.now() + delayMs, notBefore), pass });
    timer ??= setTimeout(flush, queue[0]!.at - Date.now());
  };
  from.on('data', (chunk) => later(() => to.writable && to.write(chunk)));
  from.on('end', () => later(() => to.end()));
}


import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type BadBehaviour = 'hang' | 'reset' | 'non-json' | 'not-http';

export interface BadTarget {
  url: string;
  /** Settles once the target has received `count` requests in all (the way to know one is in flight, not a sleep). */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

/** A loopback HTTP server that misbehaves in one chosen way; close() also destroys held sockets. */
export async function startBadTarget(behaviour: BadBehaviour): Promise<BadTarget> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const waiting: { count: number; resolve(): void }[] = [];
  const server: Server = createServer((req, res) => {
    requests += 1;
    for (const waiter of waiting.filter((w) => requests >= w.count)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    if (behaviour === 'hang') return; // never answers
    if (behaviour === 'not-http') {
      req.socket.end('SSH-2.0-OpenSSH_9.2\r\n\r\n');
      return;
    }
    if (behaviour === 'reset') {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>hello</html>');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: (count) => (requests >= count ? Promise.resolve() : new Promise((resolve) => void waiting.push({ count, resolve }))),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A minimal valid profile for a target without the control protocol. */
export function minimalProfile(baseUrl: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    contract: 1,
    base_url: baseUrl,
    versions: { latest: 'v25.0', usable: ['v25.0'] },
    app: { id: '1000001', secret: 'planted-app-secret-xyz' },
    tokens: { page: 'planted-page-token-abc' },
    fixtures: { page_id: '2000001' },
    ...extra,
  };
}

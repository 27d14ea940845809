import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { echoOf, HOSTILE_TEXT } from './planted.js';

/**
 * An app's webhook callback with the very bug webhook-test exists to catch, made hostile: every verification
 * request is answered 200 with the verify token it carried echoed (in every form, the app secret after it)
 * instead of the challenge, every notification with the same; an `X-Echo` header holds the token in hex, a
 * cookie the token itself, and the hostile text rides along.
 */
export async function startEchoingCallback(appSecret: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const token = new URL(req.url ?? '/', 'http://x').searchParams.get('hub.verify_token') ?? '';
      const body = `${token === '' ? '' : echoOf(token)} ${echoOf(appSecret)} ${HOSTILE_TEXT}`;
      res.writeHead(200, {
        'content-type': 'text/plain',
        'content-length': Buffer.byteLength(body),
        'x-echo': Buffer.from(token || appSecret).toString('hex'),
        'set-cookie': `session=${token || appSecret}; Path=/`,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

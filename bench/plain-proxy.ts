import { createServer } from 'node:http';
import { Pool } from 'undici';
import { closeServer, listen } from '../harness/http/listen.js';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

/**
 * The yardstick issue 13 names: a plain node:http + undici reverse proxy, written as one would (`pool.request()`),
 * that forwards and answers with no recording, redaction or rewriting. Measured beside the recorder so its own cost
 * shows. (The recorder forwards through `dispatch()`, about 10% cheaper here: bench/README.md says by how much.)
 */
export async function startPlainProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = new Pool(target, { connections: 64 });
  const server = createServer((req, res) => {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    pool
      .request({
        method: (req.method ?? 'GET') as 'GET',
        path: req.url ?? '/',
        headers,
      })
      .then(async (answer) => {
        const body = Buffer.from(await answer.body.arrayBuffer());
        const out: string[] = [];
        for (const [k, v] of Object.entries(answer.headers))
          if (v !== undefined && !HOP_BY_HOP.has(k)) out.push(k, String(v));
        out.push('content-length', String(body.length));
        res.writeHead(answer.statusCode, out);
        res.end(body);
      })
      .catch(() => res.destroy());
  });
  const url = await listen(server, '127.0.0.1', 0);
  return {
    url,
    close: async () => {
      await closeServer(server);
      await pool.close();
    },
  };
}

// A target for the recorder benchmark, in its own process so its CPU is not counted as the recorder's.
// Answers like a feed edge: a ~2 KB JSON page whose paging.next names this server (so the recorder rewrites it).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((req, res) => {
  const origin = `http://${req.headers.host}`;
  const data = Array.from({ length: 10 }, (_, i) => ({
    id: `2000001_${i}`,
    message: `post number ${i} with some text in it`,
    created_time: '2026-01-01T00:00:00+0000',
  }));
  const next = `${origin}${req.url}&after=MTA`;
  const body = Buffer.from(
    JSON.stringify({
      data,
      paging: { cursors: { before: 'MA', after: 'MTA' }, next },
    }).replaceAll('/', '\\/'),
  );
  res.writeHead(200, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': body.length,
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});
process.on('disconnect', () => process.exit(0));

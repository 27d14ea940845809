import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphClient } from '../../../harness/client/graph-client.js';
import { MAX_MEDIA_REDIRECTS } from '../../../harness/client/media-fetch.js';
import { OriginPolicy } from '../../../harness/client/origin-policy.js';
import { imageBytes } from '../../../harness/content-host/index.js';
import { ForeignOriginError } from '../../../harness/errors.js';
import type { Exchange } from '../../../harness/model/index.js';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import type { Profile } from '../../../harness/profile/profile.js';
import { minimalProfile } from '../../helpers/bad-targets.js';

/** What a media host got: method, path and query, every header as sent, and the body's length. */
interface Arrival {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

/**
 * A host on an origin of its own (a CDN): `/picture.png` serves a PNG, `/to?url=U` redirects to U (302),
 * `/loop/N` redirects to `/loop/N+1`, `/large` sends more bytes than the client keeps, `/hang` never answers.
 */
async function startMediaHost(): Promise<{ url: string; arrivals: Arrival[]; close(): Promise<void> }> {
  const arrivals: Arrival[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      arrivals.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bodyBytes });
      const url = new URL(req.url ?? '/', 'http://media');
      if (url.pathname === '/picture.png') res.writeHead(200, { 'content-type': 'image/png' }).end(imageBytes('png'));
      else if (url.pathname === '/to') res.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
      else if (url.pathname.startsWith('/loop/')) res.writeHead(302, { location: `/loop/${Number(url.pathname.slice(6)) + 1}` }).end();
      else if (url.pathname === '/large') res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64 * 1024, 1));
      else if (url.pathname !== '/hang') res.writeHead(404).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The headers a plain GET carries: nothing that could hold a credential. */
const PLAIN_HEADERS = ['connection', 'host', 'user-agent'];

describe('fetching a file the target hands over (contract §4a)', () => {
  let target: Awaited<ReturnType<typeof startMediaHost>>;
  let cdn: Awaited<ReturnType<typeof startMediaHost>>;
  let profile: Profile;
  beforeAll(async () => {
    [target, cdn] = await Promise.all([startMediaHost(), startMediaHost()]);
    profile = validateProfile(minimalProfile(target.url, { tokens: { page: 'planted-page-token-abc', user: 'planted-user-token-def' } }), 'test profile');
  });
  afterAll(() => Promise.all([target.close(), cdn.close()]));

  const client = (timeoutMs = 5000, maxBodyBytes?: number) => new GraphClient(profile, timeoutMs, maxBodyBytes);
  const since = (host: { arrivals: Arrival[] }, before: number) => host.arrivals.slice(before);

  function expectPlain(arrival: Arrival): void {
    expect(Object.keys(arrival.headers).sort()).toEqual(PLAIN_HEADERS);
    expect(arrival.headers['user-agent']).toBe('graphcheck');
    expect(arrival.method).toBe('GET');
    expect(arrival.bodyBytes).toBe(0);
    expect(new URL(arrival.url, 'http://media').searchParams.has('access_token')).toBe(false);
    expect(JSON.stringify(arrival)).not.toMatch(/planted-(page|user)-token|planted-app-secret/);
  }

  it('fetches from another origin with a plain GET: no token in the query, no credential header, no body', async () => {
    const before = cdn.arrivals.length;
    const sent = await client().fetchMedia(`${cdn.url}/picture.png?size=large`, 'captured.picture');
    expect(sent.exchange).toMatchObject({ kind: 'media', request: { method: 'GET', url: `${cdn.url}/picture.png?size=large` }, response: { status: 200 } });
    const [arrival, ...more] = since(cdn, before);
    expect(more).toEqual([]);
    expectPlain(arrival!);
    expect(arrival!.url).toBe('/picture.png?size=large');
  });

  it('sends no userinfo of the link as a credential', async () => {
    const before = cdn.arrivals.length;
    const sent = await client().fetchMedia(cdn.url.replace('http://', 'http://someone:pw-in-link@') + '/picture.png', 'captured.picture');
    expectPlain(since(cdn, before)[0]!);
    expect(sent.exchange.request.url).not.toContain('pw-in-link');
  });

  it('follows a redirect to another origin without credentials, keeping each hop as evidence and naming the origin that served the file', async () => {
    const [beforeTarget, beforeCdn] = [target.arrivals.length, cdn.arrivals.length];
    const hops: Exchange[] = [];
    const sent = await client().fetchMedia(`${target.url}/to?url=${encodeURIComponent(`${cdn.url}/picture.png`)}`, 'captured.picture', (hop) => hops.push(hop));
    expect(hops.map((h) => [h.kind, h.response?.status])).toEqual([['media', 302]]);
    expect(new URL(sent.exchange.request.url).origin).toBe(cdn.url);
    for (const arrival of [...since(target, beforeTarget), ...since(cdn, beforeCdn)]) expectPlain(arrival);
    expect(since(cdn, beforeCdn)).toHaveLength(1);
  });

  it(`follows at most ${MAX_MEDIA_REDIRECTS} redirects, and cannot judge past them`, async () => {
    const before = cdn.arrivals.length;
    await expect(client().fetchMedia(`${cdn.url}/loop/0`, 'captured.picture')).rejects.toMatchObject({ code: 'TARGET_GARBAGE', message: expect.stringContaining(`more than ${MAX_MEDIA_REDIRECTS} redirects`) });
    expect(since(cdn, before)).toHaveLength(MAX_MEDIA_REDIRECTS + 1);
  });

  it('refuses a link or a redirect on a scheme other than http(s), before anything is sent there', async () => {
    for (const link of ['file:///etc/passwd', 'ftp://127.0.0.1/picture.png', 'data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)']) {
      await expect(client().fetchMedia(link, 'captured.picture'), link).rejects.toMatchObject({ code: 'TARGET_GARBAGE', message: expect.stringContaining('http(s) URL only') });
    }
    await expect(client().fetchMedia('/picture.png', 'captured.picture')).rejects.toMatchObject({ code: 'TARGET_GARBAGE', message: expect.stringContaining('not an absolute URL') });
    const before = cdn.arrivals.length;
    await expect(client().fetchMedia(`${cdn.url}/to?url=${encodeURIComponent('file:///etc/passwd')}`, 'captured.picture')).rejects.toMatchObject({ code: 'TARGET_GARBAGE' });
    expect(since(cdn, before)).toHaveLength(1);
  });

  it('is bounded in size: a file past the limit is not held, and the rule cannot judge', async () => {
    await expect(client(5000, 1024).fetchMedia(`${cdn.url}/large`, 'captured.picture')).rejects.toMatchObject({ code: 'ANSWER_TOO_LARGE' });
  });

  it('is bounded in time: a host that never answers leaves the rule unjudged once the timeout passes', async () => {
    await expect(client(300).fetchMedia(`${cdn.url}/hang`, 'captured.picture')).rejects.toMatchObject({ code: 'TARGET_TIMEOUT' });
  });

  it('sends no token elsewhere even when the link holds one, and nothing at all in an offline repeat', async () => {
    const before = cdn.arrivals.length;
    const tokened = await client().fetchMedia(`${cdn.url}/picture.png?access_token=planted-page-token-abc`, 'captured.picture').catch((e: unknown) => e);
    expect(tokened).toBeInstanceOf(ForeignOriginError);
    expect((tokened as ForeignOriginError).isFinding).toBe(false);
    const offline = new GraphClient(profile, 5000, undefined, OriginPolicy.offline(target.url, profile));
    const repeated = await offline.fetchMedia(`${cdn.url}/picture.png`, 'captured.picture').catch((e: unknown) => e);
    expect((repeated as ForeignOriginError).message).toContain('an offline repeat makes no network request');
    expect(since(cdn, before)).toEqual([]);
  });

  it('leaves the origin policy of tokens and links as it was: a tokenless link elsewhere is still refused', async () => {
    const before = cdn.arrivals.length;
    await expect(client().send({ method: 'GET', base: 'url', path: `${cdn.url}/picture.png`, version: null, token: null })).rejects.toBeInstanceOf(ForeignOriginError);
    expect(since(cdn, before)).toEqual([]);
  });
});

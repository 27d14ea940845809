import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { expectUsageLine, runCli } from '../../helpers/cli.js';
import { exchange } from '../../helpers/exchange.js';
import { exchangeWithBody, PLAIN_HEADER } from '../../helpers/plain-cassette.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { SECRETS, startTinyTarget, type TinyTarget } from '../../helpers/tiny-target.js';

const dir = tempDir();
let target: TinyTarget;
const cassette = dir.path('replay.yml');
const token = encodeURIComponent(SECRETS.pageToken);
const exchangeCode = `/oauth/access_token?client_id=1&client_secret=${encodeURIComponent(SECRETS.clientSecret)}&code=${SECRETS.code}`;

async function call(
  url: string,
  options: Parameters<typeof request>[1] = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const answer = await request(url, options);
  return {
    status: answer.statusCode,
    body: await answer.body.text(),
    headers: answer.headers,
  };
}

beforeAll(async () => {
  target = await startTinyTarget();
  const recorder = await startRecordingProxy({ target: target.url, cassette });
  await call(`${recorder.url}/v24.0/2000001/feed?access_token=${token}&limit=2`);
  await call(`${recorder.url}${exchangeCode}`);
  await call(`${recorder.url}${exchangeCode}`);
  await call(`${recorder.url}/echo/form`, {
    method: 'POST',
    body: 'b=2&a=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await call(`${recorder.url}/redirect-self`);
  await recorder.close();
  await target.close();
});
afterAll(() => dir.cleanup());

describe('replay server', () => {
  it('answers repeated identical requests in recorded order, then refuses (strict)', async () => {
    const lines: string[] = [];
    const replay = await startReplayServer({
      cassette,
      log: (text) => lines.push(text),
    });
    try {
      const first = await call(`${replay.url}${exchangeCode}`);
      const second = await call(`${replay.url}${exchangeCode}`);
      const third = await call(`${replay.url}${exchangeCode}`);
      expect([first.status, second.status, third.status]).toEqual([200, 400, 599]);
      expect(JSON.parse(first.body).access_token).toMatch(/^redacted-access_token-\d+$/);
      expect(third.headers['x-graphcheck-replay']).toBe('miss');
      expect(JSON.parse(third.body).graphcheck_replay_miss.reason).toMatch(
        /all 2 recorded answers .* already replayed/,
      );
      expect(lines.join('\n')).toContain('replay miss: GET /oauth/access_token');
    } finally {
      await replay.close();
    }
  });

  it('repeats the last answer once the sequence is used up in `last` mode', async () => {
    const replay = await startReplayServer({
      cassette,
      match: 'last',
      log: () => {},
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(`${replay.url}${exchangeCode}`)).status);
      expect(statuses).toEqual([200, 400, 400, 400]);
    } finally {
      await replay.close();
    }
  });

  it('matches what real clients send: Bearer instead of access_token, reordered fields, JSON {} on GET', async () => {
    const replay = await startReplayServer({
      cassette,
      match: 'last',
      log: () => {},
    });
    try {
      const viaQuery = await call(`${replay.url}/v24.0/2000001/feed?limit=2&access_token=${token}`);
      const viaBearer = await call(`${replay.url}/v24.0/2000001/feed?limit=2`, {
        method: 'GET',
        headers: {
          authorization: `Bearer ${SECRETS.pageToken}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(viaQuery.status).toBe(200);
      expect(viaBearer.status).toBe(200);
      const form = await call(`${replay.url}/echo/form`, {
        method: 'POST',
        body: 'a=1&b=2',
      });
      const json = await call(`${replay.url}/echo/form`, {
        method: 'POST',
        body: '{"a":1,"b":"2"}',
        headers: { 'content-type': 'application/json' },
      });
      expect([form.status, json.status]).toEqual([200, 200]);
    } finally {
      await replay.close();
    }
  });

  it('names the nearest recorded requests and how they differ on a miss', async () => {
    const lines: string[] = [];
    const replay = await startReplayServer({
      cassette,
      log: (text) => lines.push(text),
    });
    try {
      const miss = await call(`${replay.url}/v24.0/2000001/feed?access_token=${token}&limit=3`);
      expect(miss.status).toBe(599);
      const body = JSON.parse(miss.body).graphcheck_replay_miss;
      expect(body.nearest[0].request).toBe(
        'GET /v24.0/2000001/feed access_token=redacted-access_token-1&limit=2',
      );
      expect(body.nearest[0].differences).toEqual(['limit: "3" here, "2" recorded']);
      expect(lines[0]).toContain('nearest #0 GET /v24.0/2000001/feed');
      expect(miss.body).not.toContain(SECRETS.pageToken);
      expect(replay.misses()).toHaveLength(1);
    } finally {
      await replay.close();
    }
  });

  it('ignores the version prefix only when asked', async () => {
    const strict = await startReplayServer({ cassette, log: () => {} });
    const loose = await startReplayServer({
      cassette,
      ignoreVersion: true,
      log: () => {},
    });
    try {
      expect((await call(`${strict.url}/v25.0/2000001/feed?access_token=${token}&limit=2`)).status).toBe(599);
      expect((await call(`${loose.url}/v25.0/2000001/feed?access_token=${token}&limit=2`)).status).toBe(200);
    } finally {
      await strict.close();
      await loose.close();
    }
  });

  it("rewrites the recorded target's address to its own in Location and bodies", async () => {
    const replay = await startReplayServer({ cassette, log: () => {} });
    try {
      const redirect = await call(`${replay.url}/redirect-self`);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.location).toBe(`${replay.url}/echo/after-redirect`);
      const page = await call(`${replay.url}/v24.0/2000001/feed?access_token=${token}&limit=2`);
      const next = JSON.parse(page.body).paging.next as string;
      expect(next).toBe(`${replay.url}/v24.0/2000001/feed?access_token=${token}&limit=2&after=2`);
    } finally {
      await replay.close();
    }
  });

  it('serves a header value a browser HAR kept decoded (past U+00FF) as its UTF-8 bytes, not a crash', async () => {
    const file = dir.path('unicode-header.yml');
    const writer = CassetteWriter.create(file, { target: 'http://127.0.0.1:4010', redact: false });
    const disposition = 'attachment; filename="résumé €.json"';
    writer.append(exchange('/v25.0/me', '{"id":"1"}', { response: { status: 200, headers: { 'content-type': 'application/json', 'content-disposition': disposition }, body: '{"id":"1"}' } }));
    writer.close();
    const replay = await startReplayServer({ cassette: file, log: () => {} });
    try {
      const answer = await request(`${replay.url}/v25.0/me`);
      expect(answer.statusCode).toBe(200);
      const raw = answer.headers['content-disposition'] as string;
      expect(Buffer.from(raw, 'latin1').toString('utf8')).toBe(disposition);
      expect(await answer.body.text()).toBe('{"id":"1"}');
    } finally {
      await replay.close();
    }
  });
});

describe('replay --secrets any (CI with dummy tokens)', () => {
  it('matches any value where a secret was recorded, by where it stands, and nothing else', async () => {
    const file = dir.path('any.yml');
    const writer = CassetteWriter.create(file, { target: 'http://127.0.0.1:4010', secrets: ['app-secret-s3cr3t/x+y'] });
    const url = 'http://127.0.0.1:4010';
    const feed = `{"data":[],"paging":{"next":"${url}/v25.0/1/feed?access_token=${token}&after=2"}}`;
    writer.append(exchange(`/v25.0/1/feed?access_token=${token}&limit=2`, feed));
    writer.append(exchange(`/v25.0/app-secret-s3cr3t%2Fx%2By/info`, '{"where":"path"}'));
    writer.append(exchange(`/v25.0/debug?note=1000001%7Capp-secret-s3cr3t%2Fx%2By`, '{"where":"inside"}'));
    writer.close();
    const replay = await startReplayServer({ cassette: file, secrets: 'any', log: () => {} });
    try {
      const page = await call(`${replay.url}/v25.0/1/feed?access_token=DUMMY&limit=2`);
      expect(page.status).toBe(200);
      // Where the answer named the recorded token, it names the one this client sent.
      expect(JSON.parse(page.body).paging.next).toBe(`${replay.url}/v25.0/1/feed?access_token=DUMMY&after=2`);
      expect((await call(`${replay.url}/v25.0/1/feed?access_token=DUMMY&limit=3`)).status).toBe(599);
      expect((await call(`${replay.url}/v25.0/1/feed?limit=2`)).status).toBe(599);
      expect((await call(`${replay.url}/v25.0/anything/info`)).body).toBe('{"where":"path"}');
      expect((await call(`${replay.url}/v25.0/debug?note=2000002%7Cdummy`)).status).toBe(599);
      expect((await call(`${replay.url}/v25.0/debug?note=1000001%7Cdummy`)).body).toBe('{"where":"inside"}');
    } finally {
      await replay.close();
    }
  });
});

describe('replay server start', () => {
  it('says a --host it cannot have before it reads the cassette: a long read is not waited for to hear it', async () => {
    // A named pipe no one writes: reading it would wait for ever, so the refusal shows that nothing was read.
    const pipe = dir.path('never-written.yml');
    execFileSync('mkfifo', [pipe]);
    const started = startReplayServer({ cassette: pipe, host: '192.0.2.1', log: () => {} });
    await expect(started).rejects.toThrow(/^--host 192\.0\.2\.1: no such address on this machine/);
  });

  it('refuses a broken cassette in one line after it listened, and lets the port go', async () => {
    const file = dir.path('relative.cassette.yml');
    writeFileSync(file, `--- # graphcheck cassette\n${PLAIN_HEADER}\n--- # exchange\n${exchangeWithBody('{}', '/v25.0/me')}\n`);
    const port = await freePort();
    const out = await runCli(['replay', '--cassette', file, '--port', String(port)]);
    expectUsageLine(out, /.*relative\.cassette\.yml:3: exchange 0: request\.url must be an absolute URL/);
    // Nothing listens there any more: the port can be taken again.
    const again = createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => again.close(() => resolve()));
  });
});

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { bodyBytes } from '../../../harness/http/stored-body.js';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { closedPort } from '../../../harness/content-host/closed-port.js';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import { UserInputError } from '../../../harness/errors.js';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { useTinyTarget } from '../../helpers/tiny-target.js';

const tiny = useTinyTarget();
const { dir } = tiny;

describe('recording proxy', () => {
  it('records 200 concurrent requests exactly once each, bodies byte-identical', async () => {
    const file = dir.path('concurrent.yml');
    const recorder = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
    });
    const agent = new Agent({ connections: 200 });
    const sent = Array.from({ length: 200 }, (_, i) => ({
      path: i % 4 === 0 ? `/binary/${i}` : `/echo/${i}`,
      body: randomBytes(32 + i),
    }));
    try {
      const received = await Promise.all(
        sent.map(async ({ path, body }) => {
          const answer = await request(recorder.url + path, {
            method: 'POST',
            body,
            dispatcher: agent,
          });
          return Buffer.from(await answer.body.arrayBuffer());
        }),
      );
      await recorder.close();
      const { exchanges } = await readCassette(file);
      expect(exchanges).toHaveLength(200);
      const byPath = new Map(exchanges.map((e) => [new URL(e.request.url).pathname, e]));
      expect(byPath.size).toBe(200);
      for (const [i, { path, body }] of sent.entries()) {
        const recorded = byPath.get(path);
        expect(recorded, path).toBeDefined();
        expect(bodyBytes(recorded?.request.body, recorded?.request.bodyEncoding).equals(body)).toBe(true);
        const stored = bodyBytes(recorded?.response?.body, recorded?.response?.bodyEncoding);
        // The client saw the recorder's address where the target wrote its own.
        const seen = Buffer.from(
          (received[i] as Buffer).toString('latin1').replaceAll(recorder.url, tiny.target.url),
          'latin1',
        );
        expect(stored.equals(seen), path).toBe(true);
      }
    } finally {
      await agent.close();
    }
  });

  it('records a target that does not answer as an exchange with an error, and answers 502', async () => {
    const file = dir.path('down.yml');
    const recorder = await startRecordingProxy({
      target: `http://127.0.0.1:${await closedPort('127.0.0.1')}`,
      cassette: file,
    });
    const answer = await request(`${recorder.url}/v25.0/me`);
    expect(answer.statusCode).toBe(502);
    await answer.body.text();
    await recorder.close();
    const { exchanges } = await readCassette(file);
    expect(exchanges[0]?.response).toBeUndefined();
    expect(exchanges[0]?.error?.code).toBe('ECONNREFUSED');
  });
});

function rawRequest(base: string, path: string, headers: Record<string, string>, body: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method: 'POST', path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    if (headers.expect) req.on('continue', () => req.end(body));
    else req.end(body);
  });
}

describe('what clients send', () => {
  it('forwards `Expect: 100-continue` bodies and absolute-form request targets', async () => {
    const file = dir.path('clients.yml');
    const recorder = await startRecordingProxy({ target: tiny.target.url, cassette: file });
    try {
      expect(await rawRequest(recorder.url, '/echo/expect', { expect: '100-continue', 'content-type': 'text/plain' }, 'body')).toBe(200);
      expect(await rawRequest(recorder.url, 'http://graph.example/echo/absolute', {}, 'x')).toBe(200);
    } finally {
      await recorder.close();
    }
    const paths = (await readCassette(file)).exchanges.map((e) => new URL(e.request.url).pathname);
    expect(paths).toEqual(['/echo/expect', '/echo/absolute']);
  });

  it('answers HEAD with the headers the target gave it, not a length of 0 for the missing body; so does replay', async () => {
    const recorder = await startRecordingProxy({ target: tiny.target.url, cassette: dir.path('head.yml') });
    let directLength: string | string[] | undefined;
    try {
      const direct = await request(`${tiny.target.url}/echo/head`, { method: 'HEAD' });
      const proxied = await request(`${recorder.url}/echo/head`, { method: 'HEAD' });
      await Promise.all([direct.body.text(), proxied.body.text()]);
      expect(proxied.statusCode).toBe(direct.statusCode);
      expect(proxied.headers['content-length']).toBe(direct.headers['content-length']);
      expect(direct.headers['content-length']).not.toBe('0');
      directLength = direct.headers['content-length'];
    } finally {
      await recorder.close();
    }
    const replay = await startReplayServer({ cassette: dir.path('head.yml'), log: () => {} });
    try {
      const replayed = await request(`${replay.url}/echo/head`, { method: 'HEAD' });
      await replayed.body.text();
      expect(replayed.statusCode).toBe(200);
      expect(replayed.headers['content-length']).not.toBe('0');
      expect(replayed.headers['content-length']).toBe(directLength);
    } finally {
      await replay.close();
    }
  });
});

describe('user mistakes are one-line errors', () => {
  it('a taken port, a target that is not a URL, a cassette that cannot be written', async () => {
    const first = await startRecordingProxy({ target: tiny.target.url, cassette: dir.path('port.yml') });
    const port = Number(new URL(first.url).port);
    try {
      await expect(startRecordingProxy({ target: tiny.target.url, cassette: dir.path('port2.yml'), port })).rejects.toMatchObject({
        code: 'USAGE',
        message: expect.stringMatching(/^--port \d+ on 127\.0\.0\.1: cannot listen \(EADDRINUSE\)/),
      });
    } finally {
      await first.close();
    }
    await expect(startRecordingProxy({ target: 'localhost:4010', cassette: dir.path('t.yml') })).rejects.toMatchObject({ code: 'USAGE' });
    await expect(startRecordingProxy({ target: tiny.target.url, cassette: dir.path('no/such/dir/c.yml') })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('cannot write the cassette (ENOENT)'),
    });
  });
});

describe('a recorder that cannot start loses nothing', () => {
  it('a busy port begins no cassette, and leaves an old one whole even in mode all', async () => {
    const first = await startRecordingProxy({ target: tiny.target.url, cassette: dir.path('busy-first.yml') });
    const port = Number(new URL(first.url).port);
    const kept = dir.path('kept.yml');
    const writer = CassetteWriter.create(kept, { target: tiny.target.url, redact: false });
    writer.append({ kind: 'api', startedAt: new Date().toISOString(), durationMs: 1, request: { method: 'GET', url: `${tiny.target.url}/echo/k`, headers: {} } });
    writer.close();
    try {
      await expect(startRecordingProxy({ target: tiny.target.url, cassette: dir.path('never.yml'), port })).rejects.toMatchObject({ code: 'USAGE' });
      await expect(startRecordingProxy({ target: tiny.target.url, cassette: kept, port, mode: 'all' })).rejects.toMatchObject({ code: 'USAGE' });
    } finally {
      await first.close();
    }
    expect(existsSync(dir.path('never.yml'))).toBe(false);
    expect((await readCassette(kept)).exchanges).toHaveLength(1);
  });

  it('new_episodes refuses another target than the one the cassette was recorded against', async () => {
    const file = dir.path('other-target.yml');
    const recorder = await startRecordingProxy({ target: tiny.target.url, cassette: file });
    await (await request(`${recorder.url}/echo/o`)).body.text();
    await recorder.close();
    await expect(startRecordingProxy({ target: 'http://127.0.0.1:9', cassette: file, mode: 'new_episodes' })).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringMatching(/recorded against http:\/\/127\.0\.0\.1:\d+, not --target http:\/\/127\.0\.0\.1:9/),
    });
  });
});

describe('record modes', () => {
  const get = async (base: string, path: string): Promise<number> => {
    const answer = await request(base + path);
    await answer.body.text();
    return answer.statusCode;
  };
  /** A cassette of the test's own, holding `paths` as recorded from the tiny target: no test reads another's. */
  const recorded = async (name: string, paths: string[]): Promise<string> => {
    const file = dir.path(name);
    const recorder = await startRecordingProxy({ target: tiny.target.url, cassette: file, mode: 'all' });
    for (const path of paths) await get(recorder.url, path);
    await recorder.close();
    return file;
  };

  it('once: records a new cassette, then only replays it', async () => {
    const file = dir.path('once.yml');
    const first = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
      mode: 'once',
    });
    expect(await get(first.url, '/echo/a')).toBe(200);
    await first.close();
    const before = tiny.target.seen.length;
    const again = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
      mode: 'once',
      log: () => {},
    });
    expect(await get(again.url, '/echo/a')).toBe(200);
    expect(await get(again.url, '/echo/new')).toBe(599);
    await again.close();
    expect(tiny.target.seen.length).toBe(before);
    expect((await readCassette(file)).exchanges).toHaveLength(1);
  });

  it('new_episodes: replays what is recorded and records the rest', async () => {
    const file = await recorded('new-episodes.yml', ['/echo/a']);
    const before = tiny.target.seen.length;
    const recorder = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
      mode: 'new_episodes',
    });
    expect(await get(recorder.url, '/echo/a')).toBe(200);
    expect(await get(recorder.url, '/echo/b')).toBe(200);
    expect(await get(recorder.url, '/echo/b')).toBe(200);
    await recorder.close();
    expect(tiny.target.seen.slice(before)).toEqual(['GET /echo/b', 'GET /echo/b']);
    const paths = (await readCassette(file)).exchanges.map((e) => new URL(e.request.url).pathname);
    expect(paths).toEqual(['/echo/a', '/echo/b', '/echo/b']);
  });

  it('none: never reaches the target and refuses a missing cassette', async () => {
    const file = await recorded('none.yml', ['/echo/a']);
    const before = tiny.target.seen.length;
    const recorder = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
      mode: 'none',
      log: () => {},
    });
    expect(await get(recorder.url, '/echo/unknown')).toBe(599);
    expect(recorder.misses()).toHaveLength(1);
    await recorder.close();
    expect(tiny.target.seen.length).toBe(before);
    await expect(
      startRecordingProxy({
        target: tiny.target.url,
        cassette: dir.path('absent.yml'),
        mode: 'none',
      }),
    ).rejects.toThrow(UserInputError);
  });

  it('once: a cassette that holds only its header is recorded into, not replayed', async () => {
    const empty = dir.path('header-only.yml');
    CassetteWriter.create(empty, { target: tiny.target.url }).close();
    const before = tiny.target.seen.length;
    const recorder = await startRecordingProxy({ target: tiny.target.url, cassette: empty, mode: 'once' });
    expect(await get(recorder.url, '/echo/h')).toBe(200);
    await recorder.close();
    expect(tiny.target.seen.slice(before)).toEqual(['GET /echo/h']);
    expect((await readCassette(empty)).exchanges).toHaveLength(1);
  });

  it('all: records everything afresh', async () => {
    const file = await recorded('all.yml', ['/echo/a', '/echo/b']);
    const recorder = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
      mode: 'all',
    });
    expect(await get(recorder.url, '/echo/z')).toBe(200);
    await recorder.close();
    expect((await readCassette(file)).exchanges.map((e) => new URL(e.request.url).pathname)).toEqual([
      '/echo/z',
    ]);
  });

  it('all: does not read the old file (one that is no cassette is replaced, not refused)', async () => {
    const old = dir.path('not-a-cassette.yml');
    writeFileSync(old, '{{{ not yaml, not a cassette\n');
    const recorder = await startRecordingProxy({ target: tiny.target.url, cassette: old, mode: 'all' });
    expect(await get(recorder.url, '/echo/fresh')).toBe(200);
    await recorder.close();
    expect((await readCassette(old)).exchanges.map((e) => new URL(e.request.url).pathname)).toEqual(['/echo/fresh']);
  });
});

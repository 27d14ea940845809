import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { readCassette } from '../../harness/cassette/cassette-reader.js';
import { startBadTarget } from '../helpers/bad-targets.js';
import { BIN } from '../helpers/cli.js';
import { SECRETS, useTinyTarget } from '../helpers/tiny-target.js';

// record and replay run until a signal stops them: the process is what is tested (check and the cassette commands:
// check-and-cassette.integration.test.ts).
const tiny = useTinyTarget();
const { dir } = tiny;

interface Run {
  firstLine: Promise<string>;
  secondLine: Promise<string>;
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string }>;
  done: Promise<{ code: number | null; stderr: string }>;
}

/** Every CLI started here: one a failed or timed-out test left running is stopped when the file ends. */
const started = new Set<ChildProcess>();
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
});

function graphcheck(args: string[]): Run {
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.on('exit', () => started.delete(child));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  const lines = createInterface({ input: child.stdout });
  const seen: string[] = [];
  const waiters: Array<() => void> = [];
  lines.on('line', (line) => {
    seen.push(line);
    for (const wake of waiters.splice(0)) wake();
  });
  const nth = (n: number): Promise<string> =>
    new Promise((resolve) => {
      const check = (): void =>
        seen[n] !== undefined ? resolve(seen[n] as string) : void waiters.push(check);
      check();
    });
  return {
    firstLine: nth(0),
    secondLine: nth(1),
    done,
    stop: (signal) => {
      child.kill(signal);
      return done;
    },
  };
}

describe('record and replay commands', () => {
  it('record prints its address, records, and stops cleanly on SIGINT; replay serves it until SIGTERM', async () => {
    const file = dir.path('cli.yml');
    const record = graphcheck(['record', '--target', tiny.target.url, '--cassette', file, '--port', '0']);
    const line = await record.firstLine;
    const url = /^recording proxy on (http:\/\/127\.0\.0\.1:\d+) -> (\S+)/.exec(line);
    expect(url?.[2]).toBe(tiny.target.url);
    const live = await request(`${url?.[1]}/v25.0/2000001/feed?access_token=${SECRETS.pageToken}`);
    const liveBody = await live.body.text();
    const stopped = await record.stop('SIGINT');
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).toContain('recorded 1 exchange into');
    expect((await readCassette(file)).exchanges).toHaveLength(1);

    const replay = graphcheck(['replay', '--cassette', file]);
    const replayLine = await replay.firstLine;
    // Said before any request: how many it can serve, not how many it served.
    expect(replayLine).toMatch(/ <- \S+cli\.yml: 1 exchange servable, match strict, secrets: as recorded$/);
    const served = /^replay server on (http:\/\/127\.0\.0\.1:\d+)/.exec(replayLine)?.[1] as string;
    const again = await request(`${served}/v25.0/2000001/feed?access_token=${SECRETS.pageToken}`);
    expect(again.statusCode).toBe(200);
    const norm = (s: string): string => s.replace(/127\.0\.0\.1:\d+/g, 'HOST');
    expect(norm(await again.body.text())).toBe(norm(liveBody));
    expect((await replay.stop('SIGTERM')).code).toBe(0);
  });

  it('--no-redact says what it does; --forward-proxy-port adds the HTTPS proxy; a bad flag is one line and exit 2', async () => {
    const plain = graphcheck([
      'record',
      '--target',
      tiny.target.url,
      '--cassette',
      dir.path('plain.yml'),
      '--no-redact',
      '--forward-proxy-port',
      '0',
    ]);
    await plain.firstLine;
    expect(await plain.secondLine).toMatch(
      new RegExp(
        `^HTTPS forward proxy on http://127\\.0\\.0\\.1:\\d+ for graph\\.facebook\\.com, graph\\.instagram\\.com -> ${tiny.target.url} \\(clients trust .*plain\\.yml\\.ca\\.pem\\)$`,
      ),
    );
    expect(readFileSync(dir.path('plain.yml.ca.pem'), 'utf8')).toContain('BEGIN CERTIFICATE');
    const stopped = await plain.stop('SIGINT');
    expect(stopped.stderr).toMatch(/^redaction is off: access tokens, client secrets, authorization codes/);
    const bad = await graphcheck([
      'record',
      '--target',
      tiny.target.url,
      '--cassette',
      dir.path('x.yml'),
      '--mode',
      'sometimes',
    ]).done;
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([
      'graphcheck: --mode sometimes: unknown record mode; use one of once, new_episodes, none, all',
    ]);
    const missing = await graphcheck(['replay', '--cassette', dir.path('absent.yml')]).done;
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/absent\.yml: no such cassette/);
  });
});

describe('record --mode none, as CI runs it', () => {
  it('exits 1 and says so when a request had no recorded answer', async () => {
    const file = dir.path('ci-none.yml');
    const first = graphcheck(['record', '--target', tiny.target.url, '--cassette', file]);
    const at = /^recording proxy on (\S+)/.exec(await first.firstLine)?.[1];
    await (await request(`${at}/echo/known`)).body.text();
    expect((await first.stop('SIGINT')).code).toBe(0);
    // Mode once (the default) with the cassette there only replays, and says so and how to record.
    const again = graphcheck(['record', '--target', tiny.target.url, '--cassette', file]);
    expect(await again.firstLine).toMatch(
      /^replaying proxy on \S+ <- \S+ \(mode once and \S+ci-none\.yml exists: 1 exchange servable; .*to record afresh use --mode all/,
    );
    expect((await again.stop('SIGINT')).code).toBe(0);
    const ci = graphcheck(['record', '--target', tiny.target.url, '--cassette', file, '--mode', 'none']);
    const line = await ci.firstLine;
    expect(line).toMatch(/^replaying proxy on \S+ <- \S+ \(mode none: 1 exchange servable; nothing reaches/);
    const replaying = /^replaying proxy on (\S+)/.exec(line)?.[1];
    await (await request(`${replaying}/echo/known`)).body.text();
    await (await request(`${replaying}/echo/unknown`)).body.text();
    const stopped = await ci.stop('SIGINT');
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('1 request had no recorded answer (mode none)');
  });
});

describe('record in front of a target that hangs', () => {
  it('answers 502 after --timeout, records the exchange as an error, and stops on SIGTERM', async () => {
    const hanging = await startBadTarget('hang');
    try {
      const file = dir.path('hang.yml');
      const record = graphcheck(['record', '--target', hanging.url, '--cassette', file, '--port', '0', '--timeout', '300']);
      const url = /^recording proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(await record.firstLine)?.[1];
      const answer = await request(`${url}/v25.0/me`);
      expect(answer.statusCode).toBe(502);
      expect(answer.headers['x-graphcheck-recorder-error']).toMatch(/TIMEOUT/);
      await answer.body.text();
      // A second request is still waiting on the target when the recorder is told to stop.
      const stuck = request(`${url}/v25.0/2000001/feed`).then((r) => r.body.text(), () => 'dropped');
      await hanging.received(2);
      const stopped = await record.stop('SIGTERM');
      expect(stopped.code).toBe(0);
      await stuck;
      const { exchanges } = await readCassette(file);
      expect(exchanges.map((e) => [new URL(e.request.url).pathname, e.error?.code])).toEqual([['/v25.0/me', expect.stringMatching(/TIMEOUT/)]]);
    } finally {
      await hanging.close();
    }
  });
});

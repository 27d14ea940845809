import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { exportCommand, importCommand, redactCommand } from '../../bin/commands/cassette.js';
import { readCassette } from '../../harness/cassette/cassette-reader.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { startBadTarget } from '../helpers/bad-targets.js';
import { harEntry, harOf } from '../helpers/har.js';
import { SECRETS, useTinyTarget } from '../helpers/tiny-target.js';

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
  const child = spawn(process.execPath, ['bin/run-ts.js', 'test/helpers/children/cli-child.ts', ...args], {
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
      await new Promise((resolve) => setTimeout(resolve, 50));
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

describe('check', () => {
  it('points a finding at its place in the recording and prints a replay command that runs', async () => {
    const har = dir.path('limit.har');
    const feed = 'https://graph.example/v25.0/2000001/feed';
    writeFileSync(har, harOf([harEntry('GET', `${feed}?limit=5`), harEntry('GET', `${feed}?limit=250`)]));
    const out = await runCli(['check', '--cassette', har, '--rule', 'feed.get-limit-over-100-refused', '--report-dir', dir.path('check-rep')]);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('exchange #1 (#1 in the recording): GET https://graph.example/v25.0/2000001/feed?limit=250');
    const replay = /replay: (graphcheck check .*)/.exec(out.stdout)?.[1];
    expect(replay).toBe(`graphcheck check --rule feed.get-limit-over-100-refused --cassette ${har}`);
  });

  it('counts the rules the traffic gives nothing to judge, and lists them only with --verbose', async () => {
    const har = dir.path('one-feed.har');
    writeFileSync(har, harOf([harEntry('GET', 'https://graph.example/v25.0/2000001/feed?limit=5')]));
    const out = await runCli(['check', '--cassette', har, '--report-dir', dir.path('quiet-rep')]);
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(/^SKIP /m);
    expect(out.stdout).not.toContain('seed');
    const skipped = Number(/(\d+) skipped, 0 error \(skipped: no recorded exchange they apply to; --verbose lists them\)/.exec(out.stdout)?.[1]);
    expect(skipped).toBeGreaterThan(10);
    const verbose = await runCli(['check', '--cassette', har, '--verbose', '--report-dir', dir.path('verbose-rep')]);
    expect(verbose.stdout.match(/^SKIP /gm)).toHaveLength(skipped);
    expect(verbose.stdout).toMatch(/^PASS feed\.get-limit-caps-page/m);
  });
});

describe('paths that name the wrong kind of thing', () => {
  it('a folder given as the cassette, a file given as the report folder: one line each, exit 2', async () => {
    for (const args of [['check', '--cassette', dir.path('')], ['replay', '--cassette', dir.path('')]]) {
      const out = await runCli(args);
      expect(out.code).toBe(2);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).toMatch(/is a folder: give the cassette file/);
    }
    const har = dir.path('one.har');
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }));
    const notADir = dir.path('not-a-dir');
    writeFileSync(notADir, 'x');
    const out = await runCli(['check', '--cassette', har, '--report-dir', notADir]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/cannot be the report folder \(.*not-a-dir is a file\): choose another --report-dir/);
    expect(hasStackTrace(out.stderr)).toBe(false);
  });
});

describe('cassette commands', () => {
  it('import, export --har and redact', async () => {
    const har = dir.path('in.har');
    writeFileSync(
      har,
      JSON.stringify({
        log: {
          version: '1.2',
          entries: [
            {
              startedDateTime: '2026-01-01T00:00:00Z',
              time: 3,
              request: {
                method: 'GET',
                url: `https://graph.example/v25.0/me?access_token=${SECRETS.pageToken}`,
                headers: [],
              },
              response: {
                status: 200,
                headers: [{ name: 'Content-Type', value: 'application/json' }],
                content: { text: '{"id":"1","note":"internal-key-123"}' },
              },
            },
          ],
        },
      }),
    );
    const printed: string[] = [];
    const print = (line: string): void => void printed.push(line);
    await importCommand(har, { out: dir.path('in.yml'), redact: true }, print);
    expect(printed[0]).toBe(
      `imported 1 exchange (har) from ${har} into ${dir.path('in.yml')}; 1 secret redacted`,
    );
    expect(readFileSync(dir.path('in.yml'), 'utf8')).not.toContain(SECRETS.pageToken);
    await exportCommand(dir.path('in.yml'), { har: true }, print);
    expect(printed[1]).toBe(
      `exported 1 exchanges from ${dir.path('in.yml')} to ${dir.path('in.har')} (HAR 1.2)`,
    );
    await expect(exportCommand(dir.path('in.yml'), {}, print)).rejects.toMatchObject({ code: 'USAGE' });
    await redactCommand(dir.path('in.yml'), { secret: ['internal-key-123'] }, print);
    expect(printed[2]).toBe(`redacted ${dir.path('in.yml')} again: 1 exchanges, 1 secrets newly replaced`);

    // A gzip cassette is redacted into a gzip cassette under the same name.
    const zipped = dir.path('in.yml.gz');
    writeFileSync(zipped, gzipSync(readFileSync(dir.path('in.yml'))));
    await redactCommand(zipped, { secret: ['planted-second-key'] }, print);
    expect(readFileSync(zipped).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect((await readCassette(zipped)).exchanges).toHaveLength(1);
  });
});

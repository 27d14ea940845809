import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { brokenShards, hostileShard } from '../helpers/hostile/hostile-report.js';
import { hostileExchanges, hostileHar, TRAFFIC_SECRETS } from '../helpers/hostile/hostile-traffic.js';
import { leaks, unsafeIn } from '../helpers/hostile/planted.js';
import { tempFolder } from '../helpers/temp-dir.js';

// Spawned: what reaches standard output and standard error, and the exit code, are the process's own.
let dir: string;
beforeAll(async () => {
  dir = tempFolder('graphcheck-hostile-cli-');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('graphcheck over hostile files, as a process', () => {
  it('check of an unredacted HAR: neither stdout nor stderr shows a planted secret or anything a terminal or CI runner obeys', async () => {
    const har = join(dir, 'traffic.har');
    await writeFile(har, hostileHar(hostileExchanges()));
    const out = await runCli(['check', '--cassette', har, '--report-dir', join(dir, 'check')]);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe('');
    expect(leaks({ stdout: out.stdout, stderr: out.stderr }, Object.values(TRAFFIC_SECRETS))).toEqual([]);
    const verdict = out.stdout.split('\n').find((l) => l.startsWith('FAILED:'));
    const rules = new Set([...out.stdout.matchAll(/^(?:FAIL|ERR ) ([a-z][a-z0-9-]*\.[a-z0-9.-]+):/gm)].map((m) => m[1]!));
    expect(rules.size).toBeGreaterThan(0);
    expect(unsafeIn(out.stdout, { verdict, rules })).toEqual([]);
  });

  it('merge-reports of a shard of the wrong shape: exit 2, one line naming the file, the place and the fix, nothing written', async () => {
    const broken = brokenShards().find((b) => b.place === '/results/0/findings')!;
    const shards = [join(dir, 'shard-1'), join(dir, 'shard-2')];
    await mkdir(shards[0]!);
    await mkdir(shards[1]!);
    await writeFile(join(shards[0]!, 'report.json'), JSON.stringify(hostileShard(2)));
    await writeFile(join(shards[1]!, 'report.json'), JSON.stringify(broken.report));
    const merged = join(dir, 'merged');
    const out = await runCli(['merge-reports', ...shards, '--report-dir', merged]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(hasStackTrace(out.stderr)).toBe(false);
    expect(out.stderr).toBe(
      `graphcheck: ${join(shards[1]!, 'report.json')}: /results/0/findings must be array: not a graphcheck report.json; give the report folder a graphcheck run wrote (its report.json, unchanged)\n`,
    );
    await expect(readdir(merged)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeReportsCommand } from '../../bin/commands/merge-reports.js';
import { UserInputError } from '../../harness/errors.js';
import type { RunResult } from '../../harness/model/index.js';
import { hostileShard, SHARD_SECRET } from '../helpers/hostile/hostile-report.js';
import { expectSafeOutputs, outputsOf } from '../helpers/hostile/expect-safe.js';
import { unsafeIn } from '../helpers/hostile/planted.js';
import { shardFolders } from '../helpers/report-folder.js';

// In the integration tier, though it opens no socket: each merge loads and validates the whole shipped suites (about
// a second each), which the unit tier cannot afford; shards refused as they are read are merge-reports-hostile.test.ts.
describe('merge-reports over shard reports someone else wrote', () => {
  it('hides the secret a shard shows in every field and form, and keeps every text inert, in all four reports and on the console', async () => {
    const { root, shards } = await shardFolders([hostileShard(1), hostileShard(2)]);
    const reportDir = join(root, 'merged');
    const printed: string[] = [];
    const code = await mergeReportsCommand(shards, { reportDir }, (t) => printed.push(t));
    expect(code).toBe(1);
    const files = await outputsOf(reportDir, printed);
    expect(Object.keys(files).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'stdout', 'summary.md']);
    expectSafeOutputs(files, [SHARD_SECRET]);
    const merged = JSON.parse(files['report.json']!) as RunResult;
    expect(merged.results.map((r) => [r.rule, r.verdict])).toEqual([
      ['feed.get-limit-over-100-refused', 'failed'],
      ['feed.post-returns-id', 'failed'],
    ]);
    const verdict = files.stdout!.split('\n')[0];
    // The second rule carries a planted `known`, and the planted baseline entry passed: stale.
    expect(verdict).toMatch(/^FAILED: 0 passed, 1 failed, 0 warned, 0 skipped, 0 error, 1 known, 1 stale baseline entry/);
    // Our own Markdown still renders: the title's code span is one, the planted markup in the other is text.
    expect(files['summary.md']).toContain('`code`');
    expect(files['summary.md']).toContain('<code>&lt;img src=x onerror="window.&#95;&#95;pwned=1"&gt;</code>');
  });

  it('with --show-secrets keeps what the shards show (their text inert all the same)', async () => {
    const { root, shards } = await shardFolders([hostileShard(1), hostileShard(2)]);
    const reportDir = join(root, 'merged');
    await mergeReportsCommand(shards, { reportDir, showSecrets: true }, () => {});
    const json = await readFile(join(reportDir, 'report.json'), 'utf8');
    expect(json).toContain(SHARD_SECRET);
    expect(unsafeIn(await readFile(join(reportDir, 'summary.md'), 'utf8'), { markup: true })).toEqual([]);
  });

  it('refuses a shard written with --show-secrets unless it shows secrets too: the app secret in it shows in no traffic', async () => {
    const shown = { ...hostileShard(2), secretsShown: true };
    const { root, shards } = await shardFolders([hostileShard(1), shown]);
    const error = await mergeReportsCommand(shards, { reportDir: join(root, 'merged') }, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as UserInputError).message).toBe(
      `${join(shards[1]!, 'report.json')}: written with --show-secrets, so it holds the run's secrets in clear, and merge cannot tell them all (the app secret shows in no traffic): merge with --show-secrets, or run the shards without it`,
    );
    await expect(readdir(join(root, 'merged'))).rejects.toMatchObject({ code: 'ENOENT' });
    await mergeReportsCommand(shards, { reportDir: join(root, 'merged'), showSecrets: true }, () => {});
    const merged = JSON.parse(await readFile(join(root, 'merged', 'report.json'), 'utf8')) as RunResult;
    expect(merged.secretsShown).toBe(true);
  });
});

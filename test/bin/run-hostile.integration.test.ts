import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeReportsCommand } from '../../bin/commands/merge-reports.js';
import { runCommand } from '../../bin/commands/run.js';
import type { RunResult } from '../../harness/model/index.js';
import { startEchoingFront } from '../helpers/hostile/echoing-front.js';
import { referenceBehind } from '../helpers/reference-behind.js';
import { expectSafeOutputs as expectSafe, outputsOf as outputs } from '../helpers/hostile/expect-safe.js';
import { tempFolder } from '../helpers/temp-dir.js';

describe('run against a target that echoes the token it is sent, in every form, with hostile text', () => {
  let behind: Awaited<ReturnType<typeof referenceBehind>> | undefined;
  let dir: string;
  let profileFile: string;
  let secrets: string[];
  const planted: Record<string, string> = {};
  beforeAll(async () => {
    // Faults make rules fail, so the echoing answers reach findings (messages, expected, actual) and evidence.
    behind = await referenceBehind((upstream) => startEchoingFront(upstream), { faults: ['feed-limit-not-capped', 'feed-message-link-optional'] });
    dir = tempFolder('graphcheck-hostile-run-');
    const profile = structuredClone(behind.reference.profile) as {
      app: { secret: string; access_token: string };
      tokens: Record<string, string>;
    };
    secrets = [profile.app.secret, profile.app.access_token, ...Object.values(profile.tokens)];
    // The Page token and the app secret come through ${ENV}, as CI gives them.
    planted.PAGE_TOKEN = profile.tokens.page!;
    planted.APP_SECRET = profile.app.secret;
    profile.tokens.page = '${PAGE_TOKEN}';
    profile.app.secret = '${APP_SECRET}';
    profileFile = join(dir, 'profile.json');
    await writeFile(profileFile, JSON.stringify(profile));
    Object.assign(process.env, planted);
  });
  afterAll(async () => {
    for (const name of Object.keys(planted)) delete process.env[name];
    await behind?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves no token or app secret, in any form, in any report or console line of two shards and their merge; all inert', async () => {
    const shardDirs: string[] = [];
    for (const shard of ['1/2', '2/2']) {
      const reportDir = join(dir, `shard-${shard[0]}`);
      shardDirs.push(reportDir);
      const printed: string[] = [];
      const code = await runCommand({ profile: profileFile, suite: ['feed'], shard, seed: '5', runs: '3', reportDir }, (t) => printed.push(t));
      expect(code).toBe(1);
      expectSafe(await outputs(reportDir, printed), secrets);
    }
    const merged = join(dir, 'merged');
    const printed: string[] = [];
    expect(await mergeReportsCommand(shardDirs, { reportDir: merged }, (t) => printed.push(t))).toBe(1);
    const files = await outputs(merged, printed);
    expectSafe(files, secrets);
    // The echo reached the findings: the failures judged answers that carried the token, shown as its placeholder.
    const report = JSON.parse(files['report.json']!) as RunResult;
    const echoed = report.results.filter((r) => r.verdict === 'failed' && /redacted-secret-[A-Za-z]*1/.test(JSON.stringify(r.findings)));
    expect(echoed.length).toBeGreaterThan(0);
  }, 180_000);
});

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { harEntry, harOf } from '../helpers/har.js';

const PROFILE = `contract: 1
base_url: http://127.0.0.1:9
versions: { latest: v25.0, usable: [v25.0] }
app: { id: "1000001", redirect_uris: ["https://app.example/callback"] }
tokens: { page: page-token }
fixtures: { page_id: "2000001" }
`;
const AUTHORIZE = 'http://127.0.0.1:9/oauth/authorize?client_id=1000001&response_type=code&scope=imgnet_basic';

describe('graphcheck check --side client, as users run it', () => {
  it('judges a HAR of a client\'s requests with the profile: exit 1, each finding with its rule and sentence', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'graphcheck-client-side-'));
    await writeFile(join(dir, 'target.yaml'), PROFILE);
    await writeFile(
      join(dir, 'client.har'),
      harOf([
        harEntry('GET', 'http://127.0.0.1:9/v25.0/2000001/feed?limit=500'),
        harEntry('GET', `${AUTHORIZE}&redirect_uri=${encodeURIComponent('https://app.example/callback/')}`),
      ]),
    );
    const args = ['check', '--side', 'client', '--cassette', join(dir, 'client.har'), '--profile', join(dir, 'target.yaml')];
    const out = await runCli([...args, '--report-dir', join(dir, 'reports')]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/client\.feed-limit-at-most-100/);
    expect(out.stdout).toMatch(/sent `limit=500`, expected lte 100/);
    expect(out.stdout).toMatch(/client\.redirect-uri-registered/);
    const report = JSON.parse(await readFile(join(dir, 'reports', 'report.json'), 'utf8')) as { results: { rule: string; verdict: string }[] };
    const failed = report.results.filter((r) => r.verdict === 'failed').map((r) => r.rule);
    expect(failed.sort()).toEqual(['client.feed-limit-at-most-100', 'client.redirect-uri-registered']);
  });

  it('refuses an unknown side, and a rule of the other side, in one line each (exit 2)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'graphcheck-client-side-'));
    await writeFile(join(dir, 'empty.har'), harOf([]));
    const check = (...extra: string[]) => runCli(['check', '--cassette', join(dir, 'empty.har'), '--report-dir', dir, ...extra]);
    const side = await check('--side', 'app');
    expect([side.code, side.stderr.trim()]).toEqual([2, "graphcheck: --side app: give service (the target's answers) or client (the caller's requests)"]);
    const rule = await check('--rule', 'client.feed-limit-at-most-100');
    expect([rule.code, hasStackTrace(rule.stderr)]).toEqual([2, false]);
    expect(rule.stderr).toMatch(/--rule client\.feed-limit-at-most-100: a client-side rule; graphcheck check --side client judges it/);
    const run = await runCli(['run', '--rule', 'client.feed-limit-at-most-100', '--report-dir', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/a client-side rule; graphcheck check --side client judges it/);
  });
});

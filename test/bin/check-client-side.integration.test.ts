import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand } from '../../bin/commands/check.js';
import { SUITES_DIR } from '../../bin/commands/run.js';
import { CassetteWriter } from '../../harness/cassette/cassette-writer.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { harEntry, harOf } from '../helpers/har.js';
import { call, ERROR } from '../helpers/recorded-calls.js';
import { tempFolder } from '../helpers/temp-dir.js';

// In the integration tier, though it opens no socket: each `check` and `run` here loads and validates the whole shipped
// suites (about a second each), which the unit tier cannot afford.

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
    const dir = tempFolder('graphcheck-client-side-');
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
    const dir = tempFolder('graphcheck-client-side-');
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

describe('graphcheck check --side client over a graphcheck cassette', () => {
  it('follows a code through redaction: its redirect and its exchanges name the same placeholder', async () => {
    const dir = tempFolder('graphcheck-client-side-');
    const file = join(dir, 'app.yaml');
    const writer = CassetteWriter.create(file, { target: 'http://127.0.0.1:9' });
    const redirect = call({ path: '/oauth/authorize', query: { client_id: '1' }, status: 302, answer: '', headers: { location: 'https://app.example/callback?code=AQDx81secret#_' } });
    const exchange = (at: number, answer: unknown) =>
      call({ path: 'http://127.0.0.1:9/oauth/access_token', query: { client_id: '1', client_secret: 's', code: 'AQDx81secret' }, answer, at });
    for (const e of [redirect, exchange(3700, { access_token: 'tok', token_type: 'bearer', expires_in: 1 }), exchange(3701, ERROR)]) writer.append(e);
    writer.close();
    expect(await readFile(file, 'utf8')).not.toMatch(/AQDx81secret/);
    let printed = '';
    const code = await checkCommand({ cassette: file, side: 'client', reportDir: join(dir, 'reports'), suitesDir: SUITES_DIR }, (t) => (printed += t));
    expect(code).toBe(1);
    expect(printed).toMatch(/FAIL client\.code-exchanged-within-an-hour: sent 3700 s after the redirect that issued it/);
    expect(printed).toMatch(/FAIL client\.code-exchanged-once: sent again \(request 2 of 2\) after request 1 had used it/);
  });
});

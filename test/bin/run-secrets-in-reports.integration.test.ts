import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReference, startReference } from '../../reference/index.js';
import { runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

describe('reports keep no secrets', () => {
  let reference: RunningReference;
  beforeAll(async () => {
    // A fault makes rules fail, so their evidence (requests with tokens) goes into the reports.
    reference = await startReference({ faults: ['feed-limit-not-capped', 'feed-message-link-optional'] });
  });
  afterAll(() => reference.close());

  it('finds neither the planted tokens nor the app secret in any report file', async () => {
    const dir = tempFolder('graphcheck-secrets-');
    const profile = structuredClone(reference.profile) as {
      app: { secret: string; access_token: string };
      tokens: Record<string, string>;
    };
    const planted = {
      PAGE_TOKEN: profile.tokens.page!,
      APP_SECRET: profile.app.secret,
    };
    profile.tokens.page = '${PAGE_TOKEN}';
    profile.app.secret = '${APP_SECRET}';
    const file = join(dir, 'profile.json');
    await writeFile(file, JSON.stringify(profile));
    const reports = join(dir, 'reports');
    const out = await runCli(['run', '--profile', file, '--suite', 'feed', '--report-dir', reports, '--runs', '3'], planted);
    expect(out.code).toBe(1);
    const secrets = [...Object.values(planted), profile.app.access_token, ...Object.values(profile.tokens).filter((t) => !t.startsWith('$'))];
    const files = await readdir(reports);
    expect(files.sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'summary.md']);
    for (const name of files) {
      const text = await readFile(join(reports, name), 'utf8');
      for (const secret of secrets) {
        expect(text.includes(secret), `${name} contains ${secret}`).toBe(false);
        expect(text.includes(encodeURIComponent(secret)), `${name} contains ${secret} URL-encoded`).toBe(false);
      }
    }
    const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8'));
    const failed = report.results.filter((r: { verdict: string }) => r.verdict === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(JSON.stringify(failed[0].evidence)).toMatch(/redacted-[a-z_]+-/);
  });
});

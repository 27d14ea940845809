import { describe, expect, it } from 'vitest';
import { openRun } from '../../../harness/target/open-run.js';
import { runSuites } from '../../../harness/engine/run-suites.js';
import { runResult } from '../../../harness/verdict/rule-result.js';
import type { RunResult } from '../../../harness/model/index.js';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import type { Profile } from '../../../harness/profile/profile.js';
import { startReference } from '../../../reference/index.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

/** Runs two suites against the correct reference under a profile that leaves something out. */
async function runWithout(edit: (profile: Profile) => void): Promise<RunResult> {
  const reference = await startReference();
  try {
    const profile = validateProfile(reference.profile, 'reference');
    edit(profile);
    const run = await openRun({ profile, timeoutMs: 10_000, seed: 7, runs: 3, versionPrefix: 'latest' });
    try {
      return runResult(await runSuites(await everyShippedSuite(), { suites: ['authorization', 'versioning'] }, run.ctx), run.ctx.seed);
    } finally {
      await run.close();
    }
  } finally {
    await reference.close();
  }
}

const skipped = (result: RunResult) =>
  Object.fromEntries(result.results.filter((r) => r.verdict === 'skipped').map((r) => [r.rule, r.reason]));

describe('rules that need optional profile parts', () => {
  it('are skipped, naming the part, when the profile has no served-version header or expired versions', async () => {
    const result = await runWithout((profile) => {
      delete profile.versions.served_header;
      profile.versions.expired = [];
    });
    expect(skipped(result)).toEqual({
      'versioning.usable-version-served-as-named': 'the profile does not set versions.served_header',
      'versioning.expired-version-served': 'the profile does not set versions.expired',
      'versioning.expired-version-served-by-next-usable': 'the profile does not set versions.served_header, versions.expired',
      'versioning.unversioned-served-by-app-default': 'the profile does not set versions.served_header',
      'versioning.latest-usable-as-time-passes': 'the profile does not set versions.served_header',
    });
    expect(result.results.filter((r) => r.verdict !== 'passed' && r.verdict !== 'skipped')).toEqual([]);
  });

  it('skip every code exchange when the profile has no app secret', async () => {
    const result = await runWithout((profile) => {
      delete profile.app.secret;
    });
    const exchanging = Object.keys(skipped(result));
    expect(exchanging.length).toBe(7);
    const exchangeRule = (rule: string) =>
      rule.startsWith('authorization.code-') || rule === 'authorization.issued-token-is-valid';
    expect(exchanging.filter((rule) => !exchangeRule(rule))).toEqual([]);
    expect(new Set(Object.values(skipped(result)))).toEqual(new Set(['the profile does not set app.secret']));
  });

  it('a profile without versions and app: requests go unversioned, rules reading them are skipped naming the key', async () => {
    const result = await runWithout((profile) => {
      profile.versions = { expired: [] };
      profile.app = { redirect_uris: [] };
    });
    expect(result.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error')).toEqual([]);
    const reasons = Object.values(skipped(result));
    expect(reasons.length).toBeGreaterThan(20);
    for (const reason of reasons) expect(reason).toMatch(/the profile (does not set|has no) .*\b(versions|app)\.\w+/);
    expect(result.results.filter((r) => r.verdict === 'passed').length).toBeGreaterThan(0);
  });
});

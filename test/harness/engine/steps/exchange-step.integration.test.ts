import { describe, expect, it } from 'vitest';
import { openRun } from '../../../../harness/target/open-run.js';
import { runSuites } from '../../../../harness/engine/run-suites.js';
import { runResult } from '../../../../harness/verdict/rule-result.js';
import type { RunResult } from '../../../../harness/model/index.js';
import { validateProfile } from '../../../../harness/profile/load-profile.js';
import { startReference } from '../../../../reference/index.js';
import { everyShippedSuite } from '../../../helpers/shipped-suites.js';

const EXCHANGE = 'authorization.code-exchange-answers-a-token';
const AT_ONCE = 'authorization.code-single-use-at-the-same-moment';

/** Runs rules against the reference under a profile whose token endpoint takes POST (contract §3.3 lets it move). */
async function runWithPostEndpoint(rules: string[], faults: string[] = []): Promise<RunResult> {
  const reference = await startReference({ faults });
  try {
    const profile = validateProfile(reference.profile, 'reference');
    profile.auth.token_endpoint = { method: 'POST', path: '/oauth/access_token' };
    const run = await openRun({ profile, timeoutMs: 10_000, seed: 7, runs: 5, versionPrefix: 'latest' });
    try {
      return runResult(await runSuites(await everyShippedSuite(), { rules }, run.ctx), run.ctx.seed);
    } finally {
      await run.close();
    }
  } finally {
    await reference.close();
  }
}

describe('the exchange step', () => {
  it('sends the code to a POST token endpoint as a form, alone or many at once', async () => {
    const result = await runWithPostEndpoint([EXCHANGE, AT_ONCE]);
    expect(result.results.map((r) => [r.rule, r.verdict])).toEqual([
      [EXCHANGE, 'passed'],
      [AT_ONCE, 'passed'],
    ]);
  });

  it('shows the form it sent when the exchange fails', async () => {
    const result = await runWithPostEndpoint([EXCHANGE], ['auth-code-marker-inside']);
    const rule = result.results[0]!;
    expect(rule.verdict).toBe('failed');
    const sent = rule.evidence.at(-1)!;
    expect(sent.request.method).toBe('POST');
    expect(new URL(sent.request.url).pathname).toBe('/oauth/access_token');
    expect(new URL(sent.request.url).search).toBe('');
    const form = new URLSearchParams(sent.request.body ?? '');
    expect([...form.keys()].sort()).toEqual(['client_id', 'client_secret', 'code', 'redirect_uri']);
    expect(form.get('redirect_uri')).toBe('https://app.example/callback');
    expect(form.get('code')).not.toContain('#');
  });
});

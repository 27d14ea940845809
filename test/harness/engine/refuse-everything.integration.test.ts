import { beforeAll, describe, expect, it } from 'vitest';
import { openRun } from '../../../harness/target/open-run.js';
import { runSuites } from '../../../harness/engine/run-suites.js';
import { runResult } from '../../../harness/verdict/rule-result.js';
import type { RunResult } from '../../../harness/model/index.js';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import type { Suite } from '../../../harness/suite/suite.js';
import { referenceBehind } from '../../helpers/reference-behind.js';
import { type Refusal, startRefusingFront } from '../../helpers/refusing-front.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

let suites: Suite[];

beforeAll(async () => {
  suites = await everyShippedSuite();
});

/**
 * Every suite through a front that refuses every API request while the control protocol works. With
 * `preflightServed`, preflight still finds a working target, so each rule has to reach its verdict on its own.
 */
async function runRefused(refusal: Refusal, preflightServed = false): Promise<RunResult> {
  const { reference, front, close } = await referenceBehind((upstream) => startRefusingFront(upstream, refusal));
  front.sparing(preflightServed);
  try {
    const profile = validateProfile(reference.profile, 'refusing front');
    const run = await openRun({ profile, timeoutMs: 10_000, seed: 5, runs: 3, versionPrefix: 'latest' });
    front.sparing(false);
    try {
      return runResult(await runSuites(suites, {}, run.ctx), run.ctx.seed);
    } finally {
      await run.close();
    }
  } finally {
    await close();
  }
}

const notJudged = (result: RunResult) =>
  result.results.filter((r) => !['error', 'skipped'].includes(r.verdict) || !r.reason).map((r) => `${r.rule}: ${r.verdict}`);

describe('a target that refuses everything', () => {
  it.each<Refusal>(['http-500-empty', 'code-100'])('passes no rule when it answers %s: each is error or skipped, with its reason', async (refusal) => {
    const result = await runRefused(refusal);
    expect(result.summary.passed).toBe(0);
    expect(notJudged(result)).toEqual([]);
    expect(result.results.length).toBeGreaterThan(150);
  });

  it('passes no rule even when preflight found it working: every refusal rule is error, its control refused', async () => {
    const result = await runRefused('code-100', true);
    expect(result.results.filter((r) => r.verdict === 'passed').map((r) => r.rule)).toEqual([]);
    // Rules whose first step is a refusal with its control (every authorize step's control is the window).
    const first = (rule: Suite['rules'][number]) => rule.steps[0] ?? {};
    // Only the rules run judges against a target (not the app's callback rules of webhook-test).
    const runRules = suites.flatMap((s) => s.rules).filter((r) => (r.side ?? 'service') === 'service');
    const refusalFirst = runRules.filter((r) => first(r).control || 'authorize' in first(r));
    expect(refusalFirst.length).toBeGreaterThan(40);
    for (const rule of refusalFirst) {
      const verdict = result.results.find((r) => r.rule === rule.id)!;
      expect(`${rule.id}: ${verdict.verdict} ${verdict.reason}`).toMatch(/: (error .*refuses the valid request too|skipped .+)/);
    }
  });
});

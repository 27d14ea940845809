import { describe, expect, it } from 'vitest';
import { openRun } from '../../harness/target/open-run.js';
import { runSuites } from '../../harness/engine/run-suites.js';
import type { RuleResult } from '../../harness/model/index.js';
import { validateProfile } from '../../harness/profile/load-profile.js';
import { referenceBehind } from '../helpers/reference-behind.js';
import { type Answer, isControl, startFront } from '../helpers/varying-front.js';
import { everyShippedSuite } from '../helpers/shipped-suites.js';

/** Each delete rule, and a fault whose delete takes the template the rule keeps (its reads' control, R51). */
const CASES = [
  { rule: 'templates.delete-by-hsm-id-keeps-other-languages', fault: 'templates-hsm-id-deletes-every-language' },
  { rule: 'templates.delete-by-name-all-languages', fault: 'templates-delete-spills' },
  { rule: 'templates.delete-by-hsm-id-and-name', fault: 'templates-delete-spills' },
  { rule: 'templates.delete-by-hsm-ids', fault: 'templates-delete-spills' },
];

/**
 * A read of a deleted template refused as a whole rather than answered with status DELETED: a liberty R25 leaves a
 * target (the rule takes `error-or-field`). The front makes the reference take it.
 */
function refuseDeletedReads(answer: Answer, request: { method: string; path: string }): Answer {
  if (isControl(request.path) || request.method !== 'GET' || !/"status":"DELETED"/.test(answer.body)) return answer;
  const body = JSON.stringify({ error: { message: '(#100) The template was deleted.', type: 'OAuthException', code: 100 } });
  return { status: 404, headers: { 'content-type': 'application/json' }, body };
}

async function judge(rule: string, faults: string[]): Promise<RuleResult> {
  const { reference, close } = await referenceBehind((upstream) => startFront(upstream, refuseDeletedReads), { faults });
  try {
    const profile = validateProfile(reference.profile, 'deleted-reads front');
    const run = await openRun({ profile, timeoutMs: 10_000, seed: 7, runs: 20, versionPrefix: 'latest' });
    try {
      const result = await runSuites(await everyShippedSuite(), { rules: [rule] }, run.ctx);
      return result.results.find((r) => r.rule === rule)!;
    } finally {
      await run.close();
    }
  } finally {
    await close();
  }
}

describe.each(CASES)('$rule against a target that refuses reads of deleted templates', ({ rule, fault }) => {
  it('passes the correct target: a deleted template is refused next to the kept one accepted', async () => {
    const result = await judge(rule, []);
    expect(result.verdict, result.reason).toBe('passed');
  });

  it(`fails, not errors, under ${fault}: the kept template is judged before it serves as the control`, async () => {
    const result = await judge(rule, [fault]);
    expect(result.verdict, result.reason).toBe('failed');
  });
});

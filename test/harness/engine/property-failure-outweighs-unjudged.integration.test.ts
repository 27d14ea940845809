import { describe, expect, it } from 'vitest';
import { type Answer, isControl, startFront } from '../../helpers/varying-front.js';
import { resultOf, runWebhookSuites } from '../../helpers/run-webhook-suites.js';

const RULE = 'templates.placeholders-without-example-never-approved';

/**
 * Template reads of every execution but the first lose their `status` (R24 leaves the default fields open), so the
 * rule's `assume` holds only in the first run: the runs fast-check makes while shrinking a failure cannot judge.
 */
function statusOnlyInTheFirstRun(answer: Answer, { method, path }: { method: string; path: string }): Answer {
  if (isControl(path) || method !== 'GET') return answer;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return answer;
  }
  if (typeof body !== 'object' || body === null || !('status' in body) || !('name' in body)) return answer;
  if (/_1$/.test(String(body.name))) return answer;
  const { status: _dropped, ...rest } = body as Record<string, unknown>;
  return { ...answer, body: JSON.stringify(rest) };
}

describe('a generated rule whose first run fails and whose shrinking runs cannot judge', () => {
  it('fails on the run that failed: a later unmet assume (R53) does not turn the finding into skipped', async () => {
    const result = await runWebhookSuites({
      suites: ['templates'],
      rules: [RULE],
      faults: ['templates-approved-without-examples'],
      front: (upstream) => startFront(upstream, statusOnlyInTheFirstRun),
    });
    const rule = resultOf(result, RULE);
    expect(rule.verdict, rule.reason).toBe('failed');
    expect(rule.reason).toMatch(/APPROVED/);
  });
});

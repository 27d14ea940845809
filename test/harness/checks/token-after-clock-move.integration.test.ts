import { describe, expect, it } from 'vitest';
import { type Answer, isControl, startFront } from '../../helpers/varying-front.js';
import { resultOf, runWebhookSuites } from '../../helpers/run-webhook-suites.js';

const EXPIRED = JSON.stringify({
  error: { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190 },
});

/**
 * A target whose tokens expire once its clock has moved (until a reset), or that refuses its feed reads always
 * (but for a page of one, preflight's plain read with the Page token: refused, it would make every rule error).
 */
function expiringTokens(always: boolean) {
  let moved = false;
  return (answer: Answer, { method, path }: { method: string; path: string }): Answer => {
    if (isControl(path)) {
      if (method === 'POST' && path.endsWith('/clock')) moved = true;
      if (method === 'POST' && path.endsWith('/reset')) moved = false;
      return answer;
    }
    const refusedAnyway = always && method === 'GET' && /\/feed\?.*limit=(?!1(&|$))/.test(path);
    if (!moved && !refusedAnyway) return answer;
    return { status: 400, headers: { 'content-type': 'application/json' }, body: EXPIRED };
  };
}

async function verdictOf(rule: string, always: boolean) {
  const result = await runWebhookSuites({
    suites: ['feed'],
    rules: [rule],
    front: (upstream) => startFront(upstream, expiringTokens(always)),
  });
  return resultOf(result, rule);
}

describe('a profile token refused after the run moved the target clock', () => {
  it('cannot be judged: the contract does not say tokens outlive clock moves', async () => {
    const scheduled = await verdictOf('feed.schedule-goes-live', false);
    expect(scheduled.verdict).toBe('error');
    expect(scheduled.reason).toMatch(/refused a token of the profile \(code 190\) after the run moved the target's clock \d+ s/);
  });

  it('is still a failure when the clock never moved', async () => {
    const plain = await verdictOf('feed.get-limit-caps-page', true);
    expect(plain.verdict, plain.reason).toBe('failed');
  });
});

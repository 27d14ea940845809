import { describe, expect, it } from 'vitest';
import { type Answer, startFront } from '../../helpers/varying-front.js';
import { runWebhookSuites } from '../../helpers/run-webhook-suites.js';

// Every rule against the reference behind the varying front (other error statuses, another Content-Type, key order,
// extra members, paging links without the token) is test/suites/pass/behind-proxy.integration.test.ts. These are the
// variations that touch one edge or one rule.

/** The messages edge answered as a bare array of its list result's items: its shape is not shown (NS-13, R22). */
function bareMessages(answer: { status: number; headers: Record<string, string>; body: string }, request: { path: string }) {
  if (!/^[^?]*\/[^/?]+\/messages(\?|$)/.test(request.path) || answer.status !== 200) return answer;
  const parsed = JSON.parse(answer.body) as { data?: unknown[] };
  return Array.isArray(parsed.data) ? { ...answer, body: JSON.stringify(parsed.data) } : answer;
}

describe('a correct target whose messages edge is a bare array', () => {
  it('passes the thread suite, the edge counted as an array (reading R22)', async () => {
    let varied = { successes: 0, errors: 0 };
    const result = await runWebhookSuites({
      suites: ['thread'],
      seed: 5,
      front: async (upstream) => {
        const started = await startFront(upstream, bareMessages);
        varied = started.varied;
        return started;
      },
    });
    expect(result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`)).toEqual([]);
    expect(result.results.map((r) => r.rule)).toContain('thread.messages-edge-lists-messages');
    expect(varied.successes).toBeGreaterThan(0);
  });
});

describe('a correct target that refuses a comment read to a person who cannot MODERATE', () => {
  it('passes comments.ids-need-moderate: a refusal conforms as well as a list without ids', async () => {
    let refused = 0;
    let noModerate: string | undefined;
    const refuse = (answer: Answer, request: { method: string; path: string }): Answer => {
      const url = new URL(request.path, 'http://front');
      if (request.method !== 'GET' || !url.pathname.endsWith('/comments') || url.searchParams.get('access_token') !== noModerate) return answer;
      refused += 1;
      return { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { message: 'MODERATE needed', type: 'OAuthException', code: 200 } }) };
    };
    const result = await runWebhookSuites({
      suites: ['comments'],
      rules: ['comments.ids-need-moderate'],
      seed: 5,
      front: (upstream) => startFront(upstream, refuse),
      before: async (reference) => {
        noModerate = (reference.profile as { tokens: Record<string, string> }).tokens.page_no_moderate;
      },
    });
    expect(result.results.map((r) => `${r.rule}: ${r.verdict} ${r.reason ?? ''}`.trim())).toEqual(['comments.ids-need-moderate: passed']);
    expect(refused).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { type Answer, isControl, startFront } from '../../helpers/varying-front.js';
import { resultOf, runWebhookSuites } from '../../helpers/run-webhook-suites.js';

/** Every `messages` collection of a thread read holds `count` messages, as on a very busy thread. */
function busyThread(count: number) {
  return (answer: Answer, { path }: { path: string }): Answer => {
    if (isControl(path)) return answer;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return answer;
    }
    if (typeof body !== 'object' || body === null || !('messages' in body)) return answer;
    const holder = body as { messages: unknown };
    const list = Array.isArray(holder.messages) ? holder.messages : (holder.messages as { data: unknown[] }).data;
    const filled = Array.from({ length: count }, (_, i) => ({ ...(list[0] as object), id: `m_busy_${i}` }));
    holder.messages = Array.isArray(holder.messages) ? filled : { ...(holder.messages as object), data: filled };
    return { ...answer, body: JSON.stringify(holder) };
  };
}

async function participantsRule(count: number) {
  const result = await runWebhookSuites({
    suites: ['thread'],
    rules: ['thread.participants-source-drops-admin-text'],
    front: (upstream) => startFront(upstream, busyThread(count)),
  });
  return resultOf(result, 'thread.participants-source-drops-admin-text');
}

describe('a step that assumes something of the target data (`assume`)', () => {
  it('makes the rule skipped, neither a failure nor an error, when the data does not allow judging it (R53)', async () => {
    // 100 messages fill `messages.limit(100)` with and without the source filter: the counts cannot differ.
    const busy = await participantsRule(100);
    expect(busy.verdict).toBe('skipped');
    expect(busy.reason).toMatch(/does not allow judging this rule: .*at most 99/);
  });

  it('lets the expectations judge when it holds: the same counts below the cap are a failure', async () => {
    const same = await participantsRule(5);
    expect(same.verdict).toBe('failed');
    expect(same.reason).toMatch(/fewer than/);
  });
});

import { describe, expect, it } from 'vitest';
import { LOOPBACK_CONCURRENCY } from '../../../harness/engine/slots.js';
import { judgedOf, runAgainstReference, verdictsOf } from '../../helpers/run-reference.js';
import { type Answer, type FrontedRequest, startFront } from '../../helpers/varying-front.js';

// The seven switches of issue 29's comparison: among the rules they fail, some run alone (a feed walk, the version
// history, a code exchanged twice, a photo's retention on the clock) and some are shared.
const FAULTS = [
  'feed-paging-repeats',
  'feed-wrong-error-code',
  'comments-reverse-order',
  'versioning-downgrade-allowed',
  'auth-code-reusable',
  'templates-category-unchecked',
  'photos-retention-forever',
];
const SUITES = ['feed', 'comments', 'versioning', 'authorization', 'templates', 'photos'];

/**
 * A front that passes everything on and counts the sessions the run opened and deleted, and the most that were
 * live at once; `rewrite` may change `POST /sessions`' answer.
 */
function sessionCounter(rewrite?: (answer: Answer) => Answer) {
  const seen = { opened: 0, refused: 0, deleted: 0, live: 0, mostLive: 0 };
  const front = (upstream: () => string) =>
    startFront(upstream, (answer: Answer, { method, path }: FrontedRequest) => {
      if (method === 'POST' && /^\/_control\/sessions\/?$/.test(path)) {
        if (answer.status === 429) seen.refused++;
        if (answer.status === 200) {
          seen.opened++;
          seen.mostLive = Math.max(seen.mostLive, ++seen.live);
          return rewrite ? rewrite(answer) : answer;
        }
      }
      if (method === 'DELETE' && /^\/_control\/sessions\/[^/]+$/.test(path) && answer.status === 200) {
        seen.deleted++;
        seen.live--;
      }
      return answer;
    });
  return { seen, front };
}

describe('sessions (contract §2.1)', () => {
  // Issue 29's comparison and issue 33's in one: the same seed at --concurrency 1, at the default with sessions and
  // without them, and at 32 (four runs, where two files made six).
  it('seven faults at once: the same verdicts, findings and report order at --concurrency 1, the default with sessions and without, and 32', async () => {
    const counted = sessionCounter();
    const options = { faults: FAULTS, suites: SUITES, seed: 11 };
    const serial = await runAgainstReference({ ...options, concurrency: 1 });
    const withSessions = await runAgainstReference({ ...options, concurrency: LOOPBACK_CONCURRENCY, front: counted.front });
    const without = await runAgainstReference({ ...options, concurrency: LOOPBACK_CONCURRENCY, maxSessions: 0 });
    const wide = await runAgainstReference({ ...options, concurrency: 32 });
    expect(judgedOf(withSessions)).toEqual(judgedOf(serial));
    expect(judgedOf(without)).toEqual(judgedOf(serial));
    expect(judgedOf(wide)).toEqual(judgedOf(serial));
    // Sessions were used, one per rule run alone beside others, and every one of them was deleted.
    expect(counted.seen.opened).toBeGreaterThan(10);
    expect(counted.seen.mostLive).toBeGreaterThan(1);
    expect(counted.seen.deleted).toBe(counted.seen.opened);
    // The switches were seen: a comparison of two clean runs would prove nothing.
    const failed = serial.results.filter((r) => r.verdict === 'failed').length;
    expect(failed).toBeGreaterThanOrEqual(FAULTS.length);
    expect(serial.results.filter((r) => r.verdict === 'passed').length).toBeGreaterThan(failed);
  }, 300_000);

  it('a target that answers 429 after two sessions keeps its verdicts, never more than two live', async () => {
    const counted = sessionCounter();
    const options = { faults: FAULTS, suites: ['versioning', 'authorization', 'photos'], seed: 4 };
    const limited = await runAgainstReference({ ...options, concurrency: LOOPBACK_CONCURRENCY, maxSessions: 2, front: counted.front });
    const serial = await runAgainstReference({ ...options, concurrency: 1 });
    expect(judgedOf(limited)).toEqual(judgedOf(serial));
    expect(counted.seen.refused).toBeGreaterThan(0);
    expect(counted.seen.mostLive).toBe(2);
    expect(counted.seen.opened).toBeGreaterThan(2);
    expect(counted.seen.deleted).toBe(counted.seen.opened);
  }, 300_000);

  it('a session profile naming another origin is refused: the session is deleted, its rules run alone, verdicts kept', async () => {
    const foreign = (answer: Answer): Answer => {
      const body = JSON.parse(answer.body) as { id: string; profile: Record<string, unknown> };
      return { ...answer, body: JSON.stringify({ ...body, profile: { ...body.profile, base_url: 'http://192.0.2.1:9' } }) };
    };
    const counted = sessionCounter(foreign);
    const options = { suites: ['versioning'], seed: 6 };
    const refused = await runAgainstReference({ ...options, concurrency: LOOPBACK_CONCURRENCY, front: counted.front });
    const serial = await runAgainstReference({ ...options, concurrency: 1 });
    expect(verdictsOf(refused)).toEqual(verdictsOf(serial));
    expect(Object.values(verdictsOf(refused))).not.toContain('error');
    // One session asked for, refused, deleted; none after it.
    expect(counted.seen).toMatchObject({ opened: 1, deleted: 1 });
  }, 300_000);
});

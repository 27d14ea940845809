import { describe, expect, it } from 'vitest';
import { GraphClient } from '../../../harness/client/graph-client.js';
import type { Exchange } from '../../../harness/model/index.js';
import { checkTraffic } from '../../../harness/passive/check-traffic.js';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import { startReference } from '../../../reference/index.js';
import { judging } from '../../helpers/traffic-judging.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

/** Real traffic from the reference target (with faults): the kind of exchanges a recorder keeps. */
async function traffic(faults: string[]): Promise<{ exchanges: Exchange[]; errorPaths: ReturnType<typeof validateProfile>['errors'] }> {
  const reference = await startReference({ faults });
  try {
    const profile = validateProfile(reference.profile, 'reference');
    const client = new GraphClient({ profile, timeoutMs: 5000 });
    const page = `/${profile.fixtures.page_id}/feed`;
    const sends = [
      { method: 'GET', query: { limit: 150 } },
      { method: 'GET', query: { limit: 7 } },
      { method: 'POST', body: { form: { message: 'hello' } } },
      { method: 'POST', body: { form: { name: 'neither link nor message' } } },
    ] as const;
    const exchanges: Exchange[] = [];
    for (const s of sends) {
      const sent = await client.send({ base: 'api', path: page, version: 'v25.0', token: profile.tokens.page!, ...s });
      exchanges.push(sent.exchange);
    }
    return { exchanges, errorPaths: profile.errors };
  } finally {
    await reference.close();
  }
}

async function verdicts(faults: string[]): Promise<Record<string, string>> {
  const suites = await everyShippedSuite();
  const { exchanges, errorPaths } = await traffic(faults);
  const result = await checkTraffic(suites, { name: 'test', exchanges }, judging({ errorPaths }, { name: 'test' }));
  return Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
}

describe('passive conformance over recorded exchanges', () => {
  it('passes the traffic of a correct target and skips rules no exchange speaks to', async () => {
    const v = await verdicts([]);
    expect(v['feed.get-limit-over-100-refused']).toBe('passed');
    expect(v['feed.get-limit-caps-page']).toBe('passed');
    expect(v['feed.post-returns-id']).toBe('passed');
    expect(v['feed.post-link-or-message-required']).toBe('passed');
    expect(v['feed.tags-without-place-refused']).toBe('skipped');
  });

  it('flags a `limit` above 100 that was not refused, and a post without link or message that was accepted', async () => {
    const v = await verdicts(['feed-limit-not-capped', 'feed-message-link-optional', 'feed-post-response-shape']);
    expect(v['feed.get-limit-over-100-refused']).toBe('failed');
    expect(v['feed.post-link-or-message-required']).toBe('failed');
    expect(v['feed.post-returns-id']).toBe('failed');
  });

  it('flags pages longer than the `limit` they were asked for', async () => {
    expect((await verdicts(['feed-limit-ignored']))['feed.get-limit-caps-page']).toBe('failed');
  });
});

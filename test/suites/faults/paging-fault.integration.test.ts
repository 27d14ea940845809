import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../../helpers/run-reference.js';

const RULE = 'feed.get-walk-each-post-once';

/** Which page of its walk the exchange at `at` is: pages after the first carry `after` (from `paging.next`). */
function pageNumber(evidence: { request: { url: string } }[], at: number): number {
  let first = at;
  while (first > 0 && new URL(evidence[first]!.request.url).searchParams.has('after')) first--;
  return at - first + 1;
}

describe('a walk that ends a page early', () => {
  // An empty Page: the walk crosses only the pages of the rule's own posts, the case a small feed used to hide.
  it('is caught on every one of 20 seeds, the finding naming the page without paging.next', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const result = await runAgainstReference({ faults: ['feed-paging-next-missing-next-to-last'], rules: [RULE], seed, fixtures: 'empty' });
      const rule = result.results[0]!;
      expect(rule.verdict, `seed ${seed}: ${rule.reason}`).toBe('failed');
      const finding = rule.findings.find((f) => /has no paging\.next/.test(f.message));
      expect(finding, `seed ${seed}: ${rule.findings.map((f) => f.message).join('; ')}`).toBeDefined();
      const page = rule.evidence[finding!.exchange!]!;
      const body = JSON.parse(page.response!.body) as { paging?: { next?: string } };
      expect(body.paging?.next).toBeUndefined();
      // The page named is the one the walk ended on; fed back, its cursor gave the last page.
      const named = Number(/page (\d+) has no paging\.next/.exec(finding!.message)![1]);
      expect(named).toBe(pageNumber(rule.evidence, finding!.exchange!));
      const probe = rule.evidence[finding!.exchange! + 1]!;
      expect(new URL(probe.request.url).searchParams.get('after')).not.toBeNull();
      expect((JSON.parse(probe.response!.body) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    }
  }, 300_000);
});

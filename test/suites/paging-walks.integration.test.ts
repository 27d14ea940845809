import { describe, expect, it } from 'vitest';
import type { Exchange, RuleResult } from '../../harness/model/index.js';
import { runAgainstReference } from '../helpers/run-reference.js';

const byRule = (results: RuleResult[]) => Object.fromEntries(results.map((r) => [r.rule, r])) as Record<string, RuleResult>;
const sent = (evidence: Exchange[], method: string, path: RegExp) =>
  evidence.filter((e) => e.request.method === method && path.test(new URL(e.request.url).pathname));

describe('the generated paging walks against the reference', () => {
  it('pass on an empty Page, where every list holds only what the rules made', async () => {
    const rules = ['paging.comments.on-post', 'paging.feed.posts', 'paging.thread.messages', 'paging.subscriptions.app-subscriptions'];
    const result = byRule((await runAgainstReference({ suites: ['paging'], rules, seed: 5, fixtures: 'empty' })).results);
    expect(rules.map((r) => `${r}: ${result[r]?.verdict} ${result[r]?.reason ?? ''}`.trim())).toEqual(rules.map((r) => `${r}: passed`));
  }, 120_000);

  it('fail on a comments edge that never gives paging.next, for every parent kind, the list grown one past the page', async () => {
    const result = await runAgainstReference({ suites: ['paging'], rules: ['paging.comments.*'], seed: 5, faults: ['comments-paging-next-dropped'] });
    expect(result.results).toHaveLength(5);
    for (const rule of result.results) {
      expect(rule.verdict, rule.rule).toBe('failed');
      expect(rule.findings.map((f) => f.message).join('\n')).toMatch(/page 1 has no paging\.next, yet its cursors\.after fed back as after= gives \d+ more item/);
    }
    // Pages of 25: two comments, a look, then as many as make 26; the first page then misses one, so filling stops.
    const onPost = byRule(result.results)['paging.comments.on-post']!;
    expect(sent(onPost.evidence, 'POST', /\/comments$/)).toHaveLength(26);
  }, 120_000);

  it('walk the long feed at limit 1 only as far as the page after the rule\'s own posts', async () => {
    const result = byRule((await runAgainstReference({ suites: ['paging'], rules: ['paging.feed.posts'], seed: 5, faults: ['feed-paging-repeats'] })).results);
    const feed = result['paging.feed.posts']!;
    expect(feed.verdict).toBe('failed');
    expect(feed.findings[0]?.message).toMatch(/appears again/);
    const made = sent(feed.evidence, 'POST', /\/feed$/).length;
    const atOne = sent(feed.evidence, 'GET', /\/feed$/).filter((e) => new URL(e.request.url).searchParams.get('limit') === '1');
    // A page per post the rule made, the page after them, and the cursors of the first two fed back: not the 160 seeded.
    expect(atOne.length).toBe(made + 1 + 2);
  }, 120_000);
});

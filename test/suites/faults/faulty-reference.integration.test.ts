import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../../../harness/model/index.js';
import { runAgainstReference } from '../../helpers/run-reference.js';

async function judge(rule: string, fault: string): Promise<RuleResult> {
  const result = await runAgainstReference({ rules: [rule], faults: [fault], seed: 7 });
  expect(result.results).toHaveLength(1);
  return result.results[0]!;
}

const bodyText = (r: RuleResult) =>
  r.evidence.map((e) => decodeURIComponent((e.request.body ?? '').replace(/\+/g, ' '))).join('\n');

describe('a broken reference fails the group rules with a shrunk, replayable counterexample', () => {
  it('a size limit ignored is shown with the smallest file above 10 MiB (R9)', async () => {
    const r = await judge('photos.post-over-10mb-refused', 'photos-size-limit-ignored');
    expect(r.verdict).toBe('failed');
    expect((r.counterexample as { bytes: number }).bytes).toBe(10_485_761);
    expect(r.replay).toBe('graphcheck run --rule photos.post-over-10mb-refused --seed 7');
  });

  it('an ignored messages.limit is shown with limit 1', async () => {
    const r = await judge('thread.messages-limit-caps', 'thread-messages-limit-ignored');
    expect(r.verdict).toBe('failed');
    expect((r.counterexample as { limit: number }).limit).toBe(1);
    expect(r.reason).toMatch(/`messages` holds \d+ item\(s\), expected at most 1/);
  });

  it('a retention of 6 hours is caught on the clock, never by waiting (R13)', async () => {
    const r = await judge('photos.unpublished-kept-20-hours', 'photos-retention-too-short');
    expect(r.verdict).toBe('failed');
    const after = (r.counterexample as { after: number }).after;
    expect(after).toBeGreaterThanOrEqual(6 * 3600);
    expect(after).toBeLessThanOrEqual(20 * 3600);
    expect(r.evidence.some((e) => e.kind === 'control' && e.request.url.endsWith('/clock'))).toBe(true);
  });

  it('templates without examples approved are caught with the placeholder sent literally (R26)', async () => {
    const r = await judge('templates.placeholders-without-example-never-approved', 'templates-approved-without-examples');
    expect(r.verdict).toBe('failed');
    expect(r.reason).toBe('`status` is "APPROVED", which it must not be');
    expect(bodyText(r)).toMatch(/\{\{(1|order_number)\}\}/);
  });

  it("a SHOULD rule (two image sources, R10) fails without failing the run's MUST rules", async () => {
    const r = await judge('photos.post-two-image-sources-refused', 'photos-two-sources-accepted');
    expect(r.strength).toBe('SHOULD');
    expect(r.verdict).toBe('failed');
  });
});

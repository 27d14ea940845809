import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../harness/model/index.js';
import { renderJson } from '../../../harness/reports/json-reporter.js';
import { DEFAULT_CONCURRENCY } from '../../../harness/run/defaults.js';
import { runAgainstReference, verdictsOf } from '../../helpers/run-reference.js';

/**
 * What a run judged, without what may differ between a serial and a concurrent run: timings, and the ids and
 * times the target handed out (findings quote the answers they judged, which name ids made during the run).
 */
function judgedOf(result: RunResult) {
  return result.results.map((r) => ({
    rule: r.rule,
    verdict: r.verdict,
    findings: r.findings.map((f) => ({ check: f.check, message: withoutIds(f.message) })),
    reason: r.reason && withoutIds(r.reason),
  }));
}

/** Numbers of three digits or more: ids and times the target handed out, which differ between two runs. */
function withoutIds(text: string): string {
  return text.replace(/\d{3,}/g, 'N');
}

// One switch in each of several suites, among them rules that run alone (a feed walk, the version history, a code
// exchanged twice) and shared ones.
const FAULTS = [
  'feed-paging-repeats',
  'feed-wrong-error-code',
  'comments-reverse-order',
  'versioning-downgrade-allowed',
  'auth-code-reusable',
  'templates-category-unchecked',
  'photos-retention-forever',
];
// The suites the switches touch: a selection, not the whole run, so the test stays in CI's time.
const SUITES = ['feed', 'comments', 'versioning', 'authorization', 'templates', 'photos'];
// The photos rules that read a Page's photos (the reference limits every Nth such read).
const PHOTO_READS = [
  'photos.get-type-outside-enum-refused',
  'photos.type-uploaded-lists-published-upload',
  'photos.read-needs-moderate',
  'photos.get-without-type-is-profile',
  'photos.get-listed-ids-are-strings',
  'photos.get-filter-ids-must-be-integers',
  'photos.read-needs-page-token',
];

describe('rules at once', () => {
  it('a faulty reference: the same verdicts, failures and report order with --concurrency 1 and the default', async () => {
    const serial = await runAgainstReference({ faults: FAULTS, suites: SUITES, seed: 11, concurrency: 1 });
    const concurrent = await runAgainstReference({ faults: FAULTS, suites: SUITES, seed: 11, concurrency: DEFAULT_CONCURRENCY });
    expect(judgedOf(concurrent)).toEqual(judgedOf(serial));
    // The switches were seen: a comparison of two clean runs would prove nothing.
    const failed = serial.results.filter((r) => r.verdict === 'failed').length;
    expect(failed).toBeGreaterThanOrEqual(FAULTS.length);
    expect(serial.results.filter((r) => r.verdict === 'passed').length).toBeGreaterThan(failed);
  });

  it('a target that limits a share of its calls (80001, 80008): the same verdicts, and the report shows the waits', async () => {
    const options = { rules: [...PHOTO_READS, 'templates.*'], seed: 5, concurrency: DEFAULT_CONCURRENCY, rateLimitBaseMs: 2 };
    const plain = await runAgainstReference(options);
    const limited = await runAgainstReference({ ...options, rateLimitEvery: 4 });
    expect(verdictsOf(limited)).toEqual(verdictsOf(plain));
    expect(Object.values(verdictsOf(limited))).not.toContain('error');
    const waited = limited.results.filter((r) => r.rateLimited);
    expect(waited.map((r) => r.suite)).toEqual(expect.arrayContaining(['photos', 'templates']));
    for (const r of waited) {
      expect(r.rateLimited!.waits).toBeGreaterThan(0);
      const answers = r.evidence.flatMap((e) => e.rateLimited ?? []).map((w) => w.answer);
      expect(answers.every((a) => a === 'code 80001' || a === 'code 80008')).toBe(true);
    }
    expect(plain.results.some((r) => r.rateLimited)).toBe(false);
    // report.json keeps each rule's waits, passed rules too (whose evidence it drops).
    const report = JSON.parse(renderJson(limited)) as RunResult;
    const inReport = report.results.filter((r) => r.rateLimited).map((r) => [r.rule, r.rateLimited]);
    expect(inReport).toEqual(waited.map((r) => [r.rule, r.rateLimited]));
  });

  it('a target without the control protocol keeps its verdicts with concurrency on', async () => {
    const options = { suites: ['feed', 'comments', 'versioning'], seed: 9, withoutControl: true };
    const serial = await runAgainstReference({ ...options, concurrency: 1 });
    const concurrent = await runAgainstReference({ ...options, concurrency: DEFAULT_CONCURRENCY });
    expect(verdictsOf(concurrent)).toEqual(verdictsOf(serial));
    expect(serial.results.filter((r) => r.verdict === 'passed').length).toBeGreaterThan(serial.results.length / 2);
    expect(Object.values(verdictsOf(serial))).not.toContain('failed');
  });
});

import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../harness/model/index.js';
import { renderJson } from '../../../harness/reports/json-reporter.js';
import { LOOPBACK_CONCURRENCY } from '../../../harness/engine/slots.js';
import { runAgainstReference, verdictsOf } from '../../helpers/run-reference.js';
import { type Answer, type FrontedRequest, isControl, startFront } from '../../helpers/varying-front.js';

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

/**
 * A target that lists the photos uploaded with a `caption` with numeric ids, as an independent implementation
 * showed one kind of upload wrong: a rule judging every listed photo (`photos.get-listed-ids-are-strings`, which
 * sends no caption) met other rules' captioned uploads or not by timing, and its verdict changed with
 * `--concurrency` (issue 29). Such a rule now runs alone (exclusivity.ts) and judges the fixtures and its own.
 */
function captionedUploadIdsAsNumbers() {
  const captioned = new Set<string>();
  // Ids are the target's or a session's (the reference serves each under `/_sessions/{id}`): each world numbers its own.
  const worldOf = (path: string) => /^\/_sessions\/[^/]+/.exec(path)?.[0] ?? '';
  return (answer: Answer, { method, path, body: sent }: FrontedRequest): Answer => {
    if (isControl(path) || !/^[^?]*\/photos(\?|$)/.test(path) || answer.status >= 300) return answer;
    const body = JSON.parse(answer.body) as { id?: string; data?: { id: string | number }[] };
    const key = (id: unknown) => `${worldOf(path)} ${String(id)}`;
    if (method === 'POST' && body.id && `${path} ${sent.toString('latin1')}`.includes('caption')) captioned.add(key(body.id));
    if (method !== 'GET' || !Array.isArray(body.data)) return answer;
    const data = body.data.map((item) => (captioned.has(key(item.id)) ? { ...item, id: Number(item.id) } : item));
    return { ...answer, body: JSON.stringify({ ...body, data }) };
  };
}

describe('rules at once', () => {
  // Seven faults at once, the same verdicts at --concurrency 1, the default and 32: with the sessions comparison of
  // the same seed, test/harness/sessions/sessions.integration.test.ts.

  it("a target that shows other rules' items wrong: a rule judging every listed item judges only the fixtures and its own, at every concurrency", async () => {
    const verdicts = [];
    for (const concurrency of [1, LOOPBACK_CONCURRENCY, 32]) {
      const front = (upstream: () => string) => startFront(upstream, captionedUploadIdsAsNumbers());
      verdicts.push(verdictsOf(await runAgainstReference({ suites: ['photos'], seed: 4, concurrency, front })));
    }
    expect(verdicts[1]).toEqual(verdicts[0]);
    expect(verdicts[2]).toEqual(verdicts[0]);
    // Shared, it met the captioned uploads other rules had made before it (every one of them, at --concurrency 1).
    expect(verdicts[0]!['photos.get-listed-ids-are-strings']).toBe('passed');
    expect(Object.values(verdicts[0]!).filter((v) => v !== 'passed')).toEqual([]);
  }, 300_000);

  it('a target that limits a share of its calls (80001, 80008): the same verdicts, and the report shows the waits', async () => {
    const options = { rules: [...PHOTO_READS, 'templates.*'], seed: 5, concurrency: LOOPBACK_CONCURRENCY, rateLimitBaseMs: 2 };
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
    const concurrent = await runAgainstReference({ ...options, concurrency: LOOPBACK_CONCURRENCY });
    expect(verdictsOf(concurrent)).toEqual(verdictsOf(serial));
    expect(serial.results.filter((r) => r.verdict === 'passed').length).toBeGreaterThan(serial.results.length / 2);
    expect(Object.values(verdictsOf(serial))).not.toContain('failed');
  });
});

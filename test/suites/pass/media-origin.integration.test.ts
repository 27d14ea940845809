import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../../helpers/run-reference.js';

/**
 * The reference serving its files from a second origin (`mediaOrigin`), where its API no longer serves them
 * (test/reference/public-and-media-origins): a pass means the suite fetched them there (contract §4a).
 */
describe('the reference serving its pictures and photo files from a second origin, as a CDN would', () => {
  it('passes every rule of the feed and photos suites', async () => {
    const result = await runAgainstReference({ suites: ['feed', 'photos'], seed: 3, runs: 3, mediaOrigin: true });
    const notPassed = result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
    expect(notPassed).toEqual([]);
    expect(result.results.map((r) => r.rule)).toEqual(expect.arrayContaining(['feed.full-picture-at-most-720', 'photos.location-removed-before-publishing']));
  });

  it('still fails a picture left unresized (feed-full-picture-not-resized)', async () => {
    const rule = 'feed.full-picture-at-most-720';
    const result = await runAgainstReference({ rules: [rule], faults: ['feed-full-picture-not-resized'], seed: 3, mediaOrigin: true });
    expect(result.results.map((r) => [r.rule, r.verdict, r.findings[0]?.check])).toEqual([[rule, 'failed', 'image-size']]);
  });

  it('still fails a photo whose location is left in place (photos-location-kept), naming the origin that served it', async () => {
    const rule = 'photos.location-removed-before-publishing';
    const result = await runAgainstReference({ rules: [rule], faults: ['photos-location-kept'], seed: 3, mediaOrigin: true });
    const [judged] = result.results;
    expect([judged!.rule, judged!.verdict, judged!.findings[0]?.check]).toEqual([rule, 'failed', 'image-without-location']);
    const file = judged!.evidence[judged!.findings[0]!.exchange!]!;
    const served = new URL(file.request.url).origin;
    expect(file.kind).toBe('media');
    expect(served).not.toBe(result.target.baseUrl);
    expect(judged!.findings[0]!.message).toContain(`served by ${served}`);
  });
});

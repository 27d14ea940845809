import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../helpers/run-reference.js';

/**
 * The suites whose every rule passes against a reference whose Page starts empty (no posts, photos, comments or
 * templates): their rules judge only what they created. A suite joins once its rules own their data.
 */
const PASSING_ON_EMPTY = [
  'authorization',
  'comments',
  'conventions',
  'errors',
  'feed',
  'paging',
  'photos',
  'product-feed',
  'subscriptions',
  'templates',
  'thread',
  'versioning',
  'videos',
  'webhooks',
];

describe('the reference with its fixtures emptied', () => {
  it('passes every rule of the listed suites', async () => {
    const result = await runAgainstReference({ fixtures: 'empty', suites: PASSING_ON_EMPTY, seed: 9 });
    expect(result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`)).toEqual([]);
  }, 180_000);
});

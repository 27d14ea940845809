import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ACCESS_FAULTS } from '../../../reference/fault-catalogue/access.js';
import { AUTH_FAULTS } from '../../../reference/fault-catalogue/auth.js';
import { COMMENTS_FAULTS } from '../../../reference/fault-catalogue/comments.js';
import { FEED_FAULTS } from '../../../reference/fault-catalogue/feed.js';
import { PAGING_FAULTS } from '../../../reference/fault-catalogue/paging.js';
import { PARTIAL_FAULTS } from '../../../reference/fault-catalogue/partial.js';
import { PHOTOS_FAULTS } from '../../../reference/fault-catalogue/photos.js';
import { PRODUCT_FEED_FAULTS } from '../../../reference/fault-catalogue/product-feed.js';
import { TEMPLATES_FAULTS } from '../../../reference/fault-catalogue/templates.js';
import { THREAD_FAULTS } from '../../../reference/fault-catalogue/thread.js';
import { TYPE_WORD_FAULTS } from '../../../reference/fault-catalogue/type-words.js';
import { VERSIONING_FAULTS } from '../../../reference/fault-catalogue/versioning.js';
import { VIDEOS_FAULTS } from '../../../reference/fault-catalogue/videos.js';
import { WEBHOOK_FAULTS } from '../../../reference/webhooks/index.js';
import { runAgainstReference } from '../../helpers/run-reference.js';

/** The webhook faults of one area (`events` or `subscriptions`). */
function webhookFaults(area: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(WEBHOOK_FAULTS).filter(([, fault]) => fault.area === area));
}

/** The reference's fault catalogues, by the area they break. */
export const FAULT_GROUPS = {
  feed: FEED_FAULTS,
  auth: AUTH_FAULTS,
  access: ACCESS_FAULTS,
  versioning: VERSIONING_FAULTS,
  photos: PHOTOS_FAULTS,
  comments: COMMENTS_FAULTS,
  thread: THREAD_FAULTS,
  videos: VIDEOS_FAULTS,
  templates: TEMPLATES_FAULTS,
  'product-feed': PRODUCT_FEED_FAULTS,
  'webhook-events': webhookFaults('events'),
  'webhook-subscriptions': webhookFaults('subscriptions'),
  partial: PARTIAL_FAULTS,
  'type-words': TYPE_WORD_FAULTS,
  paging: PAGING_FAULTS,
} satisfies Record<string, Record<string, unknown>>;

export type FaultGroup = keyof typeof FAULT_GROUPS;

/**
 * The matrix's ~250 runs against the reference, shared out over test files of about equal length so they spread over
 * the workers: `fault-matrix-<name>.integration.test.ts` judges the faults of its groups, and
 * fault-matrix.test.ts checks that these files exist and take every group once.
 */
export const FAULT_FILES: Record<string, FaultGroup[]> = {
  feed: ['feed', 'partial'],
  'auth-access-versioning': ['auth', 'access', 'versioning'],
  photos: ['photos'],
  'comments-thread-videos': ['comments', 'thread', 'videos'],
  'templates-product-feed': ['templates', 'product-feed'],
  'webhook-events': ['webhook-events'],
  'webhook-subscriptions': ['webhook-subscriptions'],
  'type-words': ['type-words'],
  paging: ['paging'],
};

/** docs/fault-matrix.md rows: rule -> faults that make it fail. */
export function documentedMatrix(): Map<string, string[]> {
  const rows = readFileSync('docs/fault-matrix.md', 'utf8').split('\n').filter((l) => l.startsWith('| `'));
  return new Map(
    rows.map((row) => {
      const [rule, , faults] = row.split('|').slice(1, 4).map((cell) => cell.trim());
      return [rule!.replace(/`/g, ''), [...faults!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)];
    }),
  );
}

/** The same matrix by fault: fault -> the rules it makes fail, for every fault the document lists. */
export function documentedRulesByFault(): Map<string, string[]> {
  const byFault = new Map<string, string[]>();
  for (const [rule, faults] of documentedMatrix()) for (const f of faults) byFault.set(f, [...(byFault.get(f) ?? []), rule]);
  return byFault;
}

/** One test per documented fault of the file's groups: with it on, exactly the rules the document lists fail. */
export function itFailsItsRules(file: keyof typeof FAULT_FILES): void {
  const groups = FAULT_FILES[file] ?? [];
  const inGroups = new Set(groups.flatMap((group) => Object.keys(FAULT_GROUPS[group])));
  const faults = [...documentedRulesByFault()].filter(([fault]) => inGroups.has(fault));
  it.each(faults)('fault %s makes its rules fail', async (fault, rules) => {
    const result = await runAgainstReference({ faults: [fault], rules, seed: 7 });
    const verdicts = Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
    expect(verdicts).toEqual(Object.fromEntries(rules.map((r) => [r, 'failed'])));
  });
}

import { ACCESS_FAULTS } from './fault-catalogue/access.js';
import { AUTH_FAULTS } from './fault-catalogue/auth.js';
import { COMMENTS_FAULTS } from './fault-catalogue/comments.js';
import { FEED_FAULTS } from './fault-catalogue/feed.js';
import { PAGING_FAULTS } from './fault-catalogue/paging.js';
import { PARTIAL_FAULTS } from './fault-catalogue/partial.js';
import { PHOTOS_FAULTS } from './fault-catalogue/photos.js';
import { PRODUCT_FEED_FAULTS } from './fault-catalogue/product-feed.js';
import { TEMPLATES_FAULTS } from './fault-catalogue/templates.js';
import { THREAD_FAULTS } from './fault-catalogue/thread.js';
import { TYPE_WORD_FAULTS } from './fault-catalogue/type-words.js';
import { VERSIONING_FAULTS } from './fault-catalogue/versioning.js';
import { VIDEOS_FAULTS } from './fault-catalogue/videos.js';
import type { FaultSet } from './types.js';
import { type FaultCatalogue, WEBHOOK_FAULTS } from './webhook-seam.js';

/** Every fault switch of the reference target, by name. Each one makes at least one conformance rule fail. */
export const FAULTS: FaultCatalogue = {
  ...FEED_FAULTS,
  ...AUTH_FAULTS,
  ...VERSIONING_FAULTS,
  ...ACCESS_FAULTS,
  ...PHOTOS_FAULTS,
  ...COMMENTS_FAULTS,
  ...THREAD_FAULTS,
  ...TEMPLATES_FAULTS,
  ...PRODUCT_FEED_FAULTS,
  ...VIDEOS_FAULTS,
  ...PAGING_FAULTS,
  ...WEBHOOK_FAULTS,
  ...PARTIAL_FAULTS,
  ...TYPE_WORD_FAULTS,
};

/** Refuses unknown names up front, so a typo never silently runs a correct target. */
export function createFaultSet(names: readonly string[]): FaultSet {
  const unknown = names.filter((name) => !(name in FAULTS));
  if (unknown.length > 0) {
    const valid = Object.keys(FAULTS).sort().join(', ');
    throw new Error(`unknown fault switch ${unknown.join(', ')}; valid names: ${valid}`);
  }
  const on = new Set(names);
  return { has: (name) => on.has(name) };
}

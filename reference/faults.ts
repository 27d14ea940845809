import { ACCESS_FAULTS } from './fault-catalogue/access.js';
import { AUTH_FAULTS } from './fault-catalogue/auth.js';
import { FEED_FAULTS } from './fault-catalogue/feed.js';
import { VERSIONING_FAULTS } from './fault-catalogue/versioning.js';
import type { FaultSet } from './types.js';
import { type FaultCatalogue, WEBHOOK_FAULTS } from './webhook-seam.js';

/** Every fault switch of the reference target, by name. Each one makes at least one conformance rule fail. */
export const FAULTS: FaultCatalogue = {
  ...FEED_FAULTS,
  ...AUTH_FAULTS,
  ...VERSIONING_FAULTS,
  ...ACCESS_FAULTS,
  ...WEBHOOK_FAULTS,
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

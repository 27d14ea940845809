import type { FaultCatalogue } from '../webhook-seam.js';

/** An area's fault switches, each named with the bug it plants in a sentence (what `--list-faults` and the README show). */
export function faultsOf(area: string, bugs: Record<string, string>): FaultCatalogue {
  return Object.fromEntries(Object.entries(bugs).map(([name, description]) => [name, { area, description }]));
}

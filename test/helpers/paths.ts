import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, wherever in test/ the importing file sits. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `../shared` beside the checkout (CI lays a copy there): the spec, its readings, the contract, real traffic. */
export const SHARED = join(ROOT, '..', 'shared');

/** The spec and its readings (`social-graph-interface.md`, `readings.md`). */
export const SPEC_DIR = join(SHARED, 'spec');

/** Traffic and payloads recorded from real clients and SDKs, the data several tests read. */
export const REALWORLD = join(SHARED, 'realworld');

/** A path inside the repository, from its root. */
export function repoPath(...parts: string[]): string {
  return join(ROOT, ...parts);
}

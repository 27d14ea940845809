import { readdirSync, statSync } from 'node:fs';
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

/** koala's table of canned answers: a mock's data, not a recording of traffic. */
export const MOCK_TABLE = join(REALWORLD, 'koala/mock_facebook_responses.yml');

/** Every recording of traffic under `folder` (VCR cassettes and HARs), koala's table of canned answers left out. */
export function trafficFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return trafficFiles(path);
    return /\.(ya?ml|har)$/.test(name) && path !== MOCK_TABLE ? [path] : [];
  });
}

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder graphcheck is installed in: the one holding its package.json, `suites/` and `schemas/`. Found once,
 * here, as the nearest folder above this file with a package.json: `harness/`'s parent when running from the
 * sources, `dist/harness/`'s grandparent when compiled (`dist/` has no package.json of its own).
 */
export const PACKAGE_ROOT = packageRootAbove(dirname(fileURLToPath(import.meta.url)));

function packageRootAbove(start: string): string {
  for (let dir = dirname(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`graphcheck: no package.json above ${start}; the package is incomplete, install it again`);
  }
}

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The suites shipped with graphcheck, found relative to this file (so an installed package finds its own). */
export const SUITES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'suites');

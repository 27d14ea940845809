import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

/** The suites shipped with graphcheck, in the installed package (so an installed package finds its own). */
export const SUITES_DIR = join(PACKAGE_ROOT, 'suites');

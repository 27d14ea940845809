import { join } from 'node:path';
import { PACKAGE_ROOT } from '../harness/package-root.js';
import { SUITES_DIR } from '../harness/suite/suites-dir.js';

/** The spec as the project reads it: `../shared/spec/` beside the checkout. */
export const SPEC_FILE = join(PACKAGE_ROOT, '..', 'shared', 'spec', 'social-graph-interface.md');
export const REASONS_FILE = join(SUITES_DIR, 'coverage', 'reasons.yaml');
/** Where `--html` alone writes the page, in the folder the command runs in. */
export const HTML_FILE = 'spec-coverage.html';

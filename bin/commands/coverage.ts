import { dirname, join, resolve } from 'node:path';
import { buildCoverage } from '../../harness/coverage/build-coverage.js';
import { countCoverage } from '../../harness/coverage/coverage-counts.js';
import { formatCoverageMarkdown } from '../../harness/coverage/format-coverage-markdown.js';
import { coverageJson, formatCoverageText, formatUncovered } from '../../harness/coverage/format-coverage.js';
import { UserInputError } from '../../harness/errors.js';
import { loadSuites } from '../../harness/engine/load-suite.js';
import { SPEC_FILE } from '../declarations/coverage.js';

export { REASONS_FILE, register, SPEC_FILE } from '../declarations/coverage.js';

export interface CoverageFlags {
  spec?: string;
  readings?: string;
  reasons: string;
  suitesDir: string;
  json?: boolean;
  markdown?: boolean;
  failOnUncovered?: boolean;
}


export async function coverageCommand(flags: CoverageFlags, print: (text: string) => void): Promise<number> {
  if (flags.json && flags.markdown) throw new UserInputError('USAGE', '--json and --markdown: give one of them');
  const spec = flags.spec ?? SPEC_FILE;
  const readings = flags.readings ?? join(dirname(spec), 'readings.md');
  const suites = await loadSuites(flags.suitesDir);
  const map = await buildCoverage({ spec, readings, reasons: flags.reasons }, suites);
  const shown = flags.spec ?? '../shared/spec/social-graph-interface.md';
  if (flags.json) print(`${JSON.stringify(coverageJson(map, shown), null, 2)}\n`);
  else if (flags.markdown) print(formatCoverageMarkdown(map, shown));
  else print(formatCoverageText(map));
  if (!flags.failOnUncovered || countCoverage(map.entries).uncovered === 0) return 0;
  if (!flags.json && !flags.markdown) print(`\nuncovered statements:\n${formatUncovered(map, resolve(spec) === resolve(SPEC_FILE) ? shown : spec)}`);
  return 1;
}

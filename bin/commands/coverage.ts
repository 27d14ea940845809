import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { type CommandContext, processContext } from '../command-context.js';
import { buildCoverage } from '../../harness/coverage/build-coverage.js';
import { countCoverage } from '../../harness/coverage/coverage-map.js';
import { formatCoverageMarkdown } from '../../harness/coverage/format-coverage-markdown.js';
import { coverageJson, formatCoverageText, formatUncovered } from '../../harness/coverage/format-coverage.js';
import { UserInputError } from '../../harness/errors.js';
import { loadSuites } from '../../harness/engine/load-suite.js';
import { PACKAGE_ROOT } from '../../harness/package-root.js';
import { SUITES_DIR } from './run.js';

/** The spec as the project reads it: `../shared/spec/` beside the checkout. */
export const SPEC_FILE = join(PACKAGE_ROOT, '..', 'shared', 'spec', 'social-graph-interface.md');
export const REASONS_FILE = join(SUITES_DIR, 'coverage', 'reasons.yaml');

export interface CoverageFlags {
  spec?: string;
  readings?: string;
  reasons: string;
  suitesDir: string;
  json?: boolean;
  markdown?: boolean;
  failOnUncovered?: boolean;
}

/** `graphcheck coverage`: every statement of the spec with the rules that judge it, or the reason none does. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  program
    .command('coverage')
    .description('map every statement of the spec to the rules that judge it, or the reason none does')
    .option('--spec <file>', 'the spec (default: ../shared/spec/social-graph-interface.md)')
    .option('--readings <file>', "the spec's readings (default: readings.md beside the spec)")
    .option('--reasons <file>', 'why statements are not judged (schemas/coverage-reasons.schema.json)', REASONS_FILE)
    .option('--suites-dir <dir>', 'folder of suite YAML files', SUITES_DIR)
    .option('--json', 'print the map as JSON')
    .option('--markdown', 'print the map as Markdown (docs/spec-coverage.md)')
    .option('--fail-on-uncovered', 'exit 1 when a statement has neither a rule nor a reason, listing them')
    .action(async (flags: CoverageFlags) => {
      const paths = cx.paths(flags, ['spec', 'readings', 'reasons', 'suitesDir']);
      cx.setExitCode(await coverageCommand(paths, (text) => cx.stdout(text)));
    });
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

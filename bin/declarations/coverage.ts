import type { Command } from 'commander';
import { SUITES_DIR } from '../../harness/suite/suites-dir.js';
import { type CommandContext, processContext } from '../command-context.js';
import type { CoverageFlags } from '../commands/coverage.js';
import { HTML_FILE, REASONS_FILE } from '../coverage-files.js';

/** `graphcheck coverage`: its flags; the coverage map (bin/commands/coverage.ts) loads when it is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  program
    .command('coverage')
    .description('map every statement of the spec to the rules that judge it, or the reason none does')
    .option('--spec <file>', 'the spec (default: spec: in the config file, else ../shared/spec/social-graph-interface.md beside graphcheck)')
    .option('--config <file>', 'config file whose spec: and readings: to read (default: graphcheck.config.yaml here, if there is one)')
    .option('--readings <file>', "the spec's readings (default: readings.md beside the spec)")
    .option('--reasons <file>', 'why statements are not judged (schemas/coverage-reasons.schema.json)', REASONS_FILE)
    .option('--suites-dir <dir>', 'folder of suite YAML files', SUITES_DIR)
    .option('--json', 'print the map as JSON')
    .option('--markdown', 'print the map as Markdown (docs/spec-coverage.md)')
    .option('--html [file]', `write the map as one self-contained HTML page (default: ${HTML_FILE}; a folder: that file in it)`)
    .option('--report <file>', "with --html: a run's report.json, whose verdicts the page shows beside each rule")
    .option('--fail-on-uncovered', 'exit 1 when a statement has neither a rule nor a reason, listing them')
    .action(async (flags: CoverageFlags) => {
      const { coverageCommand } = await import('../commands/coverage.js');
      const paths = cx.paths(flags, ['spec', 'readings', 'reasons', 'suitesDir', 'html', 'report', 'config']);
      cx.setExitCode(await coverageCommand(paths, (text) => cx.stdout(text), cx.cwd));
    });
}

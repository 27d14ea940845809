import type { Command } from 'commander';
import { SUITES_DIR } from '../../harness/suite/suites-dir.js';
import { type CommandContext, processContext } from '../command-context.js';
import type { CheckFlags } from '../check-plan.js';

/** `graphcheck check`: its flags; the passive judge (bin/commands/check.ts) is loaded when the command is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  program
    .command('check')
    .description('check recorded traffic against every rule that one exchange (or a group) can show')
    .requiredOption('--cassette <file>', 'a graphcheck cassette, a HAR file or a VCR cassette')
    .option('--side <side>', "service: judge the target's answers; client: judge the caller's own requests", 'service')
    .option('--profile <file>', "the target's profile (its error paths; the app's redirect URIs for --side client)")
    .option('--rule <id...>', 'check only these rules (comma-separated; a trailing * matches a prefix)')
    .option('--report-dir <dir>', 'where report.json, junit.xml, summary.md and report.html go', 'reports')
    .option('--suites-dir <dir>', 'folder of suite YAML files', SUITES_DIR)
    .option('--verbose', 'list every rule, passed and skipped too')
    .option('--show-secrets', 'keep tokens, secrets and codes of the traffic in reports (they are redacted by default)')
    .action(async (flags: CheckFlags) => {
      const { checkCommand } = await import('../commands/check.js');
      const paths = cx.paths(flags, ['cassette', 'profile', 'reportDir', 'suitesDir']);
      cx.setExitCode(await checkCommand(paths, (text) => cx.stdout(text), cx.env));
    });
}

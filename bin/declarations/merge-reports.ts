import type { Command } from 'commander';
import { type CommandContext, processContext } from '../command-context.js';
import type { MergeFlags } from '../commands/merge-reports.js';

/** `graphcheck merge-reports DIR...`: its flags; the merge (bin/commands/merge-reports.ts) is loaded when called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  program
    .command('merge-reports')
    .description('merge the report.json of each shard (--shard i/n) into one report.json, junit.xml, summary.md and report.html')
    .argument('<dir...>', 'report folders of the shards')
    .option('--report-dir <dir>', 'where the merged reports go', 'reports')
    .option('--suites-dir <dir>', 'folder of suite YAML files, for the order of rules (default: the shipped suites)')
    .option('--show-secrets', 'keep the secrets the shards show (they are redacted by default, also those a shard kept)')
    .action(async (dirs: string[], flags: MergeFlags) => {
      const { mergeReportsCommand } = await import('../commands/merge-reports.js');
      const paths = cx.paths(flags, ['reportDir', 'suitesDir']);
      cx.setExitCode(await mergeReportsCommand(dirs.map(cx.path), paths, (text) => cx.stdout(text)));
    });
}

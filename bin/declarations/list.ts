import type { Command } from 'commander';
import { type CommandContext, processContext } from '../command-context.js';
import type { ListFlags } from '../commands/list.js';
import { selectionOptions } from './selection-options.js';

/** `graphcheck list`: its flags; the listing (bin/commands/list.ts) is loaded when the command is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  const command = program
    .command('list')
    .description('list the rules (id, strength, suite, endpoints, needs) that a run with the same selection would run')
    .option('--json', 'one JSON array instead of lines (a sweep rule with its `cases`)')
    .option('--verbose', "under each sweep rule, its cases: what each sends, and the spec's words that make it a case")
    .option('--side <side>', "service (default: what run judges), client (check --side client) or callback (webhook-test)")
    .option('--config <file>', 'config file (default: graphcheck.config.yaml here, if there is one)');
  selectionOptions(command).action(async (flags: ListFlags) => {
    const { listCommand } = await import('../commands/list.js');
    cx.setExitCode(await listCommand(cx.paths(flags, ['config', 'suitesDir']), (text) => cx.stdout(text), cx.cwd));
  });
}

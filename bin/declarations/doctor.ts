import type { Command } from 'commander';
import { DEFAULT_TIMEOUT_MS } from '../../harness/run/defaults.js';
import { type CommandContext, processContext } from '../command-context.js';
import { targetUrlFlag } from '../flags.js';
import { RUN_PATH_FLAGS, type RunFlags } from '../plan-from-flags.js';
import { originOptions, selectionOptions } from './selection-options.js';

/** `graphcheck doctor`: its flags; preflight (bin/commands/doctor.ts) is loaded when the command is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  const command = program
    .command('doctor')
    .description('check the profile against the target (base URL, tokens, fixtures, capabilities) and forecast what a run would judge')
    .option('--target <url>', 'base URL of the implementation under test', targetUrlFlag)
    .option('--profile <file>', 'target profile (YAML or JSON)')
    .option('--config <file>', 'config file (default: graphcheck.config.yaml here, if there is one)')
    .option('--fault <name...>', 'embedded reference only: turn on fault switches')
    .option('--timeout <ms>', `per-request timeout in milliseconds (default: ${DEFAULT_TIMEOUT_MS})`)
    .option('--verbose', 'under each cause of the forecast, every rule it covers (one a line), not the first three');
  originOptions(command);
  selectionOptions(command).action(async (flags: RunFlags) => {
    const { doctorCommand } = await import('../commands/doctor.js');
    cx.setExitCode(await doctorCommand(cx.paths(flags, RUN_PATH_FLAGS), (text) => cx.stdout(text), cx));
  });
}

/**
 * graphcheck's command line as a function: `main(argv, io)` runs one command line and returns its exit code, with
 * its output, environment and working folder given rather than taken from the process. `bin/cli.ts` is the
 * process around it; tests call it in-process with captured output.
 *
 * Meant to be called in-process, any number of times in one process: the commands that judge and report (`run`,
 * `check`, `webhook-test`, `doctor`, `list`, `merge-reports`, `coverage`, `cassette`, `ca`). Each call builds its
 * own commander program and keeps nothing between calls.
 *
 * The long-running servers (`record`, `replay`, `serve-reference`) print their address and then wait for SIGINT or
 * SIGTERM on the process, which they stop on (serve-reference exits the process): run them as a process.
 */
import { Command, CommanderError } from 'commander';
import { GraphcheckError } from '../harness/errors.js';
import { inertText } from '../harness/reports/inert-text.js';
import { VERSION } from '../harness/version.js';
import { type CliIo, type CommandContext, commandContext } from './command-context.js';
import { register as registerCa } from './declarations/ca.js';
import { register as registerCassette } from './declarations/cassette.js';
import { register as registerCheck } from './declarations/check.js';
import { register as registerCoverage } from './declarations/coverage.js';
import { register as registerDoctor } from './declarations/doctor.js';
import { register as registerList } from './declarations/list.js';
import { register as registerMergeReports } from './declarations/merge-reports.js';
import { register as registerRecord } from './declarations/record.js';
import { register as registerReplay } from './declarations/replay.js';
import { register as registerRun } from './declarations/run.js';
import { register as registerServeReference } from './declarations/serve-reference.js';
import { register as registerWebhookTest } from './declarations/webhook-test.js';

export type { CliIo } from './command-context.js';

/** Runs one graphcheck command line (argv without `node` and the script), returns its exit code; never calls process.exit or sets process.exitCode. */
export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const context = commandContext(io);
  try {
    await program(context).parseAsync(argv, { from: 'user' });
    return context.exitCode();
  } catch (error) {
    return exitCodeOf(error, context);
  }
}

/**
 * A fresh program per call: commander keeps parsed values on its commands, so none is shared between calls. Each
 * command declares its flags here (bin/declarations/, cheap to load); its code (bin/commands/) is imported when
 * it is called, so `--version`, `--help` and one command load only what they use.
 */
function program(context: CommandContext): Command {
  const program = new Command('graphcheck')
    .description('Conformance test kit and traffic recorder for the Social Graph Service Interface')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: (text) => context.stdout(text), writeErr: (text) => context.stderr(text) });
  for (const register of [
    registerRun,
    registerDoctor,
    registerList,
    registerMergeReports,
    registerServeReference,
    registerRecord,
    registerReplay,
    registerCheck,
    registerCassette,
    registerCa,
    registerWebhookTest,
    registerCoverage,
  ]) {
    register(program, context);
  }
  return program;
}

/** User mistakes get one line and exit 2; runs that could not judge exit 3; our own bugs show their stack. */
function exitCodeOf(error: unknown, context: CommandContext): number {
  if (error instanceof CommanderError) {
    // Commander has already printed its one-line message (or the help / version text).
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof GraphcheckError) {
    // A message may quote what a target or a file said: inert like every other line we print. Several problems
    // at once (a profile's) are one line each, each starting as one problem alone would.
    for (const line of error.message.split('\n')) context.stderr(`graphcheck: ${inertText(line)}\n`);
    return error.exitCode;
  }
  context.stderr(`graphcheck: internal error (please report it): ${(error as Error)?.stack ?? String(error)}\n`);
  return 3;
}

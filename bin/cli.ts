import { Command, CommanderError } from 'commander';
import { register as registerCa } from './commands/ca.js';
import { register as registerCassette } from './commands/cassette.js';
import { register as registerCheck } from './commands/check.js';
import { register as registerCoverage } from './commands/coverage.js';
import { register as registerDoctor } from './commands/doctor.js';
import { register as registerList } from './commands/list.js';
import { register as registerMergeReports } from './commands/merge-reports.js';
import { register as registerRecord } from './commands/record.js';
import { register as registerReplay } from './commands/replay.js';
import { register as registerRun } from './commands/run.js';
import { register as registerServeReference } from './commands/serve-reference.js';
import { register as registerWebhookTest } from './commands/webhook-test.js';
import { GraphcheckError } from '../harness/errors.js';
import { inertText } from '../harness/reports/inert-text.js';
import { VERSION } from '../harness/version.js';

// A reader that stops early (`graphcheck list | head`) closes the pipe: what is left to print has nobody to read it,
// while the run goes on to write its report files and exit with its own code.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const program = new Command('graphcheck')
  .description('Conformance test kit and traffic recorder for the Social Graph Service Interface')
  .version(VERSION)
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });

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
  register(program);
}
for (const command of program.commands) command.exitOverride();

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = exitCodeOf(error);
}

/** User mistakes get one line and exit 2; runs that could not judge exit 3; our own bugs show their stack. */
function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander has already printed its one-line message (or the help / version text).
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof GraphcheckError) {
    // A message may quote what a target or a file said: inert like every other line we print.
    process.stderr.write(`graphcheck: ${inertText(error.message)}\n`);
    return error.exitCode;
  }
  process.stderr.write(`graphcheck: internal error (please report it): ${(error as Error)?.stack ?? String(error)}\n`);
  return 3;
}

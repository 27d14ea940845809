// A stand-in for the CLI main (the lead's bin/cli.ts): registers the cassette commands and maps typed errors
// to one line and an exit code, so tests can run the commands as a user would.
import { Command } from 'commander';
import { register as registerCassette } from '../../../bin/declarations/cassette.js';
import { register as registerRecord } from '../../../bin/declarations/record.js';
import { register as registerReplay } from '../../../bin/declarations/replay.js';
import { GraphcheckError } from '../../../harness/errors.js';

const program = new Command('graphcheck');
registerRecord(program);
registerReplay(program);
registerCassette(program);
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof GraphcheckError)) throw error;
  process.stderr.write(`graphcheck: ${error.message}\n`);
  process.exitCode = error.exitCode;
}

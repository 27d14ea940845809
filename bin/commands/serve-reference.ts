import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { UserInputError } from '../../harness/errors.js';
import { FAULTS } from '../../reference/faults.js';
import { startReference } from '../../reference/index.js';
import { listFlag, wholeNumberFlag } from '../flags.js';

interface ServeFlags {
  port: string;
  host: string;
  fault?: string[];
  profileOut: string;
  listFaults?: boolean;
}

export function register(program: Command): void {
  program
    .command('serve-reference')
    .description('start the reference target on its own, print its address and write its profile')
    .option('--port <port>', 'port to listen on (0: a free port)', '0')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--fault <name...>', 'turn on fault switches (comma-separated)')
    .option('--profile-out <file>', 'where to write the profile', 'reports/reference-profile.json')
    .option('--list-faults', 'list the fault switches and exit')
    .action(async (flags: ServeFlags) => {
      if (flags.listFaults) {
        for (const [name, fault] of Object.entries(FAULTS)) process.stdout.write(`${name}\t${fault.description}\n`);
        return;
      }
      const faults = listFlag(flags.fault);
      const unknown = faults.filter((f) => !(f in FAULTS));
      if (unknown.length) throw new UserInputError('USAGE', `--fault ${unknown.join(',')}: unknown fault; see --list-faults`);
      const port = wholeNumberFlag('--port', flags.port, 0, 65535);
      const reference = await startReference({ host: flags.host, port, faults });
      await mkdir(dirname(flags.profileOut), { recursive: true });
      await writeFile(flags.profileOut, `${JSON.stringify(reference.profile, null, 2)}\n`);
      process.stdout.write(`reference target on ${reference.url} (profile: ${flags.profileOut})\n`);
      const stop = () => void reference.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

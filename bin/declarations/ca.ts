import type { Command } from 'commander';
import { CA_CERT_FILE, CA_KEY_FILE } from '../../harness/ca/ca-file-names.js';
import { type CommandContext, processContext } from '../command-context.js';
import type { CaFlags } from '../commands/ca.js';

/** `graphcheck ca --out DIR [--no-key]`: its flags; the CA's code (bin/commands/ca.ts) loads when it is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  program
    .command('ca')
    .description('write the CA a target configured by hand must trust for webhook callbacks (ca.pem) and its key')
    .requiredOption('--out <dir>', 'directory for ca.pem and ca-key.pem (created if missing)')
    .option('--no-key', `write only ${CA_CERT_FILE}: no run can issue receiver certificates from it then`)
    .option('--with-key', `keep ${CA_KEY_FILE} (the default; accepted for older scripts)`)
    .action(async (flags: CaFlags) => {
      const { caCommand } = await import('../commands/ca.js');
      cx.stdout(await caCommand(cx.paths(flags, ['out'])));
    });
}

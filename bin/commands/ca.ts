import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import {
  CA_CERT_FILE,
  CA_KEY_FILE,
  type CertificateAuthority,
  createCertificateAuthority,
  readCaFiles,
  writeCaFiles,
} from '../../harness/receiver/index.js';

interface CaFlags {
  out: string;
  withKey: boolean;
}

/** `graphcheck ca --out DIR [--with-key]`: the CA a target configured by hand (no `trust` capability) must trust. */
export function register(program: Command): void {
  program
    .command('ca')
    .description('write the CA certificate a target configured by hand must trust for webhook callbacks')
    .requiredOption('--out <dir>', 'directory for ca.pem (created if missing)')
    .option(
      '--with-key',
      `also write ${CA_KEY_FILE}, so runs can issue the receiver certificate from this CA`,
      false,
    )
    .action(async (flags: CaFlags) => {
      process.stdout.write(await caCommand(flags));
    });
}

/**
 * Writes the files and returns what to print. A directory that already holds both files keeps its CA, so
 * running the command twice does not break a target that already trusts it.
 */
export async function caCommand(flags: CaFlags): Promise<string> {
  const existing = await existingAuthority(flags.out);
  const ca: CertificateAuthority = existing ?? (await createCertificateAuthority('graphcheck CA'));
  const written = await writeCaFiles(flags.out, ca, { withKey: flags.withKey || existing !== undefined });
  const lines = [
    `${existing ? 'kept the CA in' : 'wrote'} ${written.certPath}: add it to the target's trust store for webhook callbacks`,
  ];
  if (written.keyPath) lines.push(`${written.keyPath}: the CA's private key; keep it private`);
  else
    lines.push(
      `the private key was not kept: rerun with --with-key so that runs can issue certificates from this CA`,
    );
  return `${lines.join('\n')}\n`;
}

async function existingAuthority(dir: string): Promise<CertificateAuthority | undefined> {
  try {
    await Promise.all([access(join(dir, CA_CERT_FILE)), access(join(dir, CA_KEY_FILE))]);
  } catch {
    return undefined;
  }
  return readCaFiles(dir);
}

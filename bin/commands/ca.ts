import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CA_CERT_FILE,
  CA_KEY_FILE,
  type CertificateAuthority,
  createCertificateAuthority,
  readCaFiles,
  writeCaFiles,
} from '../../harness/ca/index.js';


export interface CaFlags {
  out: string;
  /** False with `--no-key`: only the certificate is written (no run can issue from it). */
  key?: boolean;
  /** Accepted for scripts written for graphcheck 0.1, which kept the key only when asked: the key is kept now. */
  withKey?: boolean;
}


/**
 * Writes the files and returns what to print. The key is kept by default: a run (`--ca-dir`) and the recorder's
 * forward proxy (`--ca-key`) issue certificates from it, and a CA without its key is one they cannot use. A folder
 * that already holds both files keeps its CA, so a target that trusts it keeps working.
 */
export async function caCommand(flags: CaFlags): Promise<string> {
  const keep = flags.key !== false;
  const existing = await existingAuthority(flags.out);
  const ca: CertificateAuthority = existing ?? (await createCertificateAuthority('graphcheck CA'));
  const written = await writeCaFiles(flags.out, ca, { withKey: keep || existing !== undefined });
  const lines = [
    `${existing ? 'kept the CA in' : 'wrote'} ${written.certPath}: add it to the target's trust store for webhook callbacks`,
  ];
  if (written.keyPath) {
    lines.push(`${written.keyPath}: the CA's private key (owner-only); keep it private, runs issue certificates from it (--ca-dir ${flags.out})`);
  } else {
    lines.push(`the private key was not kept (--no-key): runs cannot issue certificates from this CA; run again without --no-key to make one that can`);
  }
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

import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserInputError } from '../errors.js';
import { writeFileAtomically } from '../files/write-atomically.js';
import { type CertificateAuthority, createCertificateAuthority, loadCertificateAuthority } from './certificate-authority.js';

import { CA_CERT_FILE, CA_KEY_FILE } from './ca-file-names.js';

export { CA_CERT_FILE, CA_KEY_FILE } from './ca-file-names.js';

/**
 * Writes `ca.pem`, and `ca-key.pem` (owner-only, 0600, even over an older key file readable by others) when
 * `withKey`; creates `dir` if needed. Each file is replaced whole, never written through a symbolic link.
 */
export async function writeCaFiles(
  dir: string,
  ca: CertificateAuthority,
  options: { withKey: boolean },
): Promise<{ certPath: string; keyPath?: string }> {
  const certPath = join(dir, CA_CERT_FILE);
  const keyPath = join(dir, CA_KEY_FILE);
  const cannotWrite = (_file: string, code: string): UserInputError =>
    new UserInputError('USAGE', `${dir}: cannot write the CA files (${code}); choose another --out directory`);
  await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw cannotWrite(dir, error.code ?? String(error));
  });
  await writeFileAtomically(certPath, 'the CA certificate', ca.certPem, { cannotWrite });
  if (options.withKey) await writeFileAtomically(keyPath, 'the CA key', ca.keyPem, { mode: 0o600, cannotWrite });
  return options.withKey ? { certPath, keyPath } : { certPath };
}

/**
 * Loads the CA that `graphcheck ca --out DIR` wrote, so a run issues its receiver certificate from
 * the CA a hand-configured target already trusts.
 */
export async function readCaFiles(dir: string): Promise<CertificateAuthority> {
  const [certPem, keyPem] = await Promise.all([readPem(dir, CA_CERT_FILE), readPem(dir, CA_KEY_FILE)]);
  return loadCertificateAuthority({ certPem, keyPem }, dir);
}

async function readPem(dir: string, name: string): Promise<string> {
  const path = join(dir, name);
  try {
    return await readFile(path, 'utf8');
  } catch {
    throw new UserInputError(
      'FILE_NOT_FOUND',
      `${path}: not found; create the CA with graphcheck ca --out ${dir}`,
    );
  }
}

/**
 * The CA a forward proxy's clients must trust: read from a certificate and key file (`graphcheck ca --out DIR`
 * wrote them), or made now, its certificate written to `certOut` for the client to trust.
 */
export async function loadOrCreateAuthority(files: {
  cert?: string;
  key?: string;
  certOut?: string;
}): Promise<CertificateAuthority> {
  if (files.cert || files.key) {
    if (!files.cert || !files.key) {
      throw new UserInputError('USAGE', '--ca-cert and --ca-key go together: give both, or neither to make a CA');
    }
    const read = (file: string): Promise<string> =>
      readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the CA file (${error.code ?? 'error'}): check the path`);
      });
    const [certPem, keyPem] = await Promise.all([read(files.cert), read(files.key)]);
    return loadCertificateAuthority({ certPem, keyPem }, files.cert);
  }
  const ca = await createCertificateAuthority('graphcheck recorder CA');
  if (files.certOut) {
    await writeFileAtomically(files.certOut, 'the CA certificate', ca.certPem, {
      cannotWrite: (file, code) => new UserInputError('USAGE', `${file}: cannot write the CA certificate (${code}): choose another cassette path`),
    });
  }
  return ca;
}

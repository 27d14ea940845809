import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserInputError } from '../errors.js';
import { type CertificateAuthority, loadCertificateAuthority } from './certificate-authority.js';

export const CA_CERT_FILE = 'ca.pem';
export const CA_KEY_FILE = 'ca-key.pem';

/** Writes `ca.pem`, and `ca-key.pem` (owner-only) when `withKey`; creates `dir` if needed. */
export async function writeCaFiles(
  dir: string,
  ca: CertificateAuthority,
  options: { withKey: boolean },
): Promise<{ certPath: string; keyPath?: string }> {
  const certPath = join(dir, CA_CERT_FILE);
  const keyPath = join(dir, CA_KEY_FILE);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(certPath, ca.certPem);
    if (options.withKey) await writeFile(keyPath, ca.keyPem, { mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UserInputError(
      'USAGE',
      `${dir}: cannot write the CA files (${code}); choose another --out directory`,
    );
  }
  return options.withKey ? { certPath, keyPath } : { certPath };
}

/**
 * Loads the CA that `graphcheck ca --out DIR --with-key` wrote, so a run issues its receiver certificate from
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
      `${path}: not found; create it with graphcheck ca --out ${dir} --with-key`,
    );
  }
}

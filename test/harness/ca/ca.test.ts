import { X509Certificate } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { caCommand } from '../../../bin/commands/ca.js';
import { register } from '../../../bin/declarations/ca.js';
import { UserInputError } from '../../../harness/errors.js';
import { createCertificateAuthority, loadCertificateAuthority, readCaFiles } from '../../../harness/ca/index.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = tempFolder('graphcheck-ca-');
  dirs.push(dir);
  return dir;
}

describe('graphcheck ca', () => {
  it('writes only ca.pem with --no-key, and says runs cannot use it', async () => {
    const dir = join(await tempDir(), 'nested');
    const output = await caCommand({ out: dir, key: false });
    const cert = new X509Certificate(await readFile(join(dir, 'ca.pem'), 'utf8'));
    expect(cert.ca).toBe(true);
    await expect(stat(join(dir, 'ca-key.pem'))).rejects.toThrow();
    expect(output).toContain('runs cannot issue certificates from this CA');
  });

  it('keeps an existing CA so a target that trusts it keeps working', async () => {
    const dir = await tempDir();
    await caCommand({ out: dir });
    const before = await readFile(join(dir, 'ca.pem'), 'utf8');
    expect(await caCommand({ out: dir, key: false })).toMatch(/^kept the CA/);
    expect(await readFile(join(dir, 'ca.pem'), 'utf8')).toBe(before);
  });

  it('is registered as a commander command with --out (and the --with-key of older scripts)', async () => {
    const dir = await tempDir();
    const program = new Command().exitOverride();
    register(program);
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((text: string) => written.push(text) > 0) as typeof process.stdout.write;
    try {
      await program.parseAsync(['node', 'graphcheck', 'ca', '--out', dir, '--with-key']);
    } finally {
      process.stdout.write = write;
    }
    expect(written.join('')).toContain(join(dir, 'ca.pem'));
    await expect(readCaFiles(dir)).resolves.toBeDefined();
  });
});

describe('loading a CA', () => {
  it('says which file is missing and how to create it', async () => {
    const dir = await tempDir();
    await caCommand({ out: dir, key: false });
    const error = await readCaFiles(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect(error).toMatchObject({ code: 'FILE_NOT_FOUND', message: expect.stringContaining('ca-key.pem') });
  });

  it('refuses a key that does not belong to the certificate, or a certificate that is not a CA', async () => {
    const [a, b] = await Promise.all([createCertificateAuthority(), createCertificateAuthority()]);
    expect(() => loadCertificateAuthority({ certPem: a.certPem, keyPem: b.keyPem })).toThrow(UserInputError);
    const leaf = await a.issueServer('127.0.0.1');
    expect(() => loadCertificateAuthority({ certPem: leaf.certPem, keyPem: leaf.keyPem })).toThrow(
      /not a CA/,
    );
    expect(() => loadCertificateAuthority({ certPem: 'junk', keyPem: a.keyPem })).toThrow(/not PEM/);
  });

  it('reports an unwritable --out as a user error', async () => {
    const file = join(await tempDir(), 'a-file');
    await writeFile(file, 'x');
    await expect(caCommand({ out: join(file, 'sub') })).rejects.toMatchObject({
      code: 'USAGE',
    });
  });
});

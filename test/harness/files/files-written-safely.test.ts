import { chmod, lstat, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCaFiles } from '../../../harness/ca/ca-files.js';
import { createCertificateAuthority } from '../../../harness/ca/certificate-authority.js';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import { writeReportSet } from '../../../harness/reports/write-report.js';
import { failure } from '../../helpers/user-error.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('graphcheck-files-');
afterAll(() => dir.cleanup());

// A disk that fills up (a child process writing under a file-size limit) is files-written-safely.cli.test.ts.
describe('symbolic links where graphcheck writes', () => {
  it('a link in the report folder is replaced by the report, never written through', async () => {
    const reports = dir.path('linked-reports');
    await mkdir(reports);
    const victim = dir.path('victim.txt');
    await writeFile(victim, 'keep me');
    await symlink(victim, join(reports, 'summary.md'));
    await writeReportSet(reports, [{ name: 'summary.md', text: 'PASSED: 1 passed\n' }]);
    expect(await readFile(victim, 'utf8')).toBe('keep me');
    expect((await lstat(join(reports, 'summary.md'))).isSymbolicLink()).toBe(false);
    expect(await readFile(join(reports, 'summary.md'), 'utf8')).toBe('PASSED: 1 passed\n');
  });

  it('a link at the cassette path is refused in one line, and what it points to is left alone', async () => {
    const victim = dir.path('victim.yml');
    await writeFile(victim, 'keep me');
    const link = dir.path('link.yml');
    await symlink(victim, link);
    const error = await failure(async () => CassetteWriter.create(link, { target: 'http://127.0.0.1:9' }));
    expect(error.message).toBe(`${link}: is a symbolic link: give the cassette's own path, not a link to it`);
    expect(await readFile(victim, 'utf8')).toBe('keep me');
  });
});

describe('key files', () => {
  it('ca --out writes the key 0600 even over an older key file readable by everyone', async () => {
    const out = dir.path('ca');
    await mkdir(out);
    await writeFile(join(out, 'ca-key.pem'), 'old key');
    await chmod(join(out, 'ca-key.pem'), 0o644);
    await writeCaFiles(out, await createCertificateAuthority('graphcheck test CA'), { withKey: true });
    expect((await stat(join(out, 'ca-key.pem'))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(out, 'ca-key.pem'), 'utf8')).toContain('PRIVATE KEY');
  });
});

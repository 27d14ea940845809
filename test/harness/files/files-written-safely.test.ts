import { spawnSync } from 'node:child_process';
import { chmod, lstat, mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCaFiles } from '../../../harness/ca/ca-files.js';
import { createCertificateAuthority } from '../../../harness/ca/certificate-authority.js';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import { writeReportSet } from '../../../harness/reports/write-report.js';
import { failure } from '../../helpers/user-error.js';
import { tempFolder } from '../../helpers/temp-dir.js';

let dir = '';
beforeAll(async () => {
  dir = tempFolder('graphcheck-files-');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the full-disk child with files limited to 16 KiB; returns what it printed. */
function underFileSizeLimit(what: 'cassette' | 'sink' | 'report', path: string): Record<string, unknown> {
  const node = `${JSON.stringify(process.execPath)} bin/run-ts.js test/helpers/children/full-disk-child.ts ${what} ${JSON.stringify(path)}`;
  const child = spawnSync('bash', ['-c', `ulimit -f 16; exec ${node}`], { encoding: 'utf8', timeout: 60_000 });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as Record<string, unknown>;
}

describe('a disk that fills up', () => {
  it('a cassette write that fails is cut back to the last whole document, counted as lost, and the cassette goes on', () => {
    const file = join(dir, 'full.yml');
    const outcome = underFileSizeLimit('cassette', file);
    expect(outcome.failed).toEqual({
      code: 'USAGE',
      exitCode: 2,
      message: `${file}: cannot write the cassette (EFBIG): free some space or record to another path`,
    });
    expect(outcome.lost).toEqual({ exchanges: 1, reason: 'EFBIG' });
    expect(outcome.count).toBe(2);
    // It used to keep a torn document in the middle, and `check` and `replay` refused the whole file.
    expect(outcome.read).toEqual(['http://127.0.0.1:9/before', 'http://127.0.0.1:9/after']);
  });

  it('a recording counts what its cassette holds: an exchange a failed write lost is not counted as recorded', () => {
    const file = join(dir, 'full-sink.yml');
    const outcome = underFileSizeLimit('sink', file);
    expect(outcome.failed).toMatchObject({ code: 'USAGE', exitCode: 2 });
    expect(outcome.lost).toEqual({ exchanges: 1, reason: 'EFBIG' });
    // `record` said "recorded 1 exchange ... 1 lost" for a cassette holding two: the lost one was taken off twice.
    expect(outcome.recorded).toBe(2);
    expect(outcome.read).toBe(2);
  });

  it('a set of reports that cannot be written leaves the previous set whole, no temporary file, and is exit 3, not 2', async () => {
    const reports = join(dir, 'full-reports');
    await mkdir(reports);
    await writeFile(join(reports, 'report.json'), '{"summary":"the previous run"}\n');
    await writeFile(join(reports, 'summary.md'), 'PASSED: the previous run\n');
    const outcome = underFileSizeLimit('report', reports);
    expect(outcome.failed).toEqual({
      code: 'REPORT_NOT_WRITTEN',
      exitCode: 3,
      message: `${join(reports, 'report.json')}: cannot write the report (EFBIG): free some space or choose another --report-dir; the run ended, its reports are missing and the previous ones are left as they were`,
    });
    expect(outcome.files).toEqual(['report.json', 'summary.md']);
    // summary.md of the new set was written in full before report.json failed: it is not put in place alone.
    expect(outcome.summary).toBe('PASSED: the previous run\n');
    expect(outcome.report).toBe('{"summary":"the previous run"}\n');
  });
});

describe('symbolic links where graphcheck writes', () => {
  it('a link in the report folder is replaced by the report, never written through', async () => {
    const reports = join(dir, 'linked-reports');
    await mkdir(reports);
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'keep me');
    await symlink(victim, join(reports, 'summary.md'));
    await writeReportSet(reports, [{ name: 'summary.md', text: 'PASSED: 1 passed\n' }]);
    expect(await readFile(victim, 'utf8')).toBe('keep me');
    expect((await lstat(join(reports, 'summary.md'))).isSymbolicLink()).toBe(false);
    expect(await readFile(join(reports, 'summary.md'), 'utf8')).toBe('PASSED: 1 passed\n');
  });

  it('a link at the cassette path is refused in one line, and what it points to is left alone', async () => {
    const victim = join(dir, 'victim.yml');
    await writeFile(victim, 'keep me');
    const link = join(dir, 'link.yml');
    await symlink(victim, link);
    const error = await failure(async () => CassetteWriter.create(link, { target: 'http://127.0.0.1:9' }));
    expect(error.message).toBe(`${link}: is a symbolic link: give the cassette's own path, not a link to it`);
    expect(await readFile(victim, 'utf8')).toBe('keep me');
  });
});

describe('key files', () => {
  it('ca --out writes the key 0600 even over an older key file readable by everyone', async () => {
    const out = join(dir, 'ca');
    await mkdir(out);
    await writeFile(join(out, 'ca-key.pem'), 'old key');
    await chmod(join(out, 'ca-key.pem'), 0o644);
    await writeCaFiles(out, await createCertificateAuthority('graphcheck test CA'), { withKey: true });
    expect((await stat(join(out, 'ca-key.pem'))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(out, 'ca-key.pem'), 'utf8')).toContain('PRIVATE KEY');
  });
});

import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('graphcheck-files-');
afterAll(() => dir.cleanup());

/** Runs the full-disk child with files limited to 16 KiB; returns what it printed. */
function underFileSizeLimit(what: 'cassette' | 'sink' | 'report', path: string): Record<string, unknown> {
  const node = `${JSON.stringify(process.execPath)} bin/run-ts.js test/helpers/children/full-disk-child.ts ${what} ${JSON.stringify(path)}`;
  const child = spawnSync('bash', ['-c', `ulimit -f 16; exec ${node}`], { encoding: 'utf8', timeout: 60_000 });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as Record<string, unknown>;
}

// In the cli tier: a child process writes under a file-size limit (ulimit -f), as on a disk that fills up.
describe('a disk that fills up', () => {
  it('a cassette write that fails is cut back to the last whole document, counted as lost, and the cassette goes on', () => {
    const file = dir.path('full.yml');
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
    const file = dir.path('full-sink.yml');
    const outcome = underFileSizeLimit('sink', file);
    expect(outcome.failed).toMatchObject({ code: 'USAGE', exitCode: 2 });
    expect(outcome.lost).toEqual({ exchanges: 1, reason: 'EFBIG' });
    // `record` said "recorded 1 exchange ... 1 lost" for a cassette holding two: the lost one was taken off twice.
    expect(outcome.recorded).toBe(2);
    expect(outcome.read).toBe(2);
  });

  it('a set of reports that cannot be written leaves the previous set whole, no temporary file, and is exit 3, not 2', async () => {
    const reports = dir.path('full-reports');
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

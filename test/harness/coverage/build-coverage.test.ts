import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCoverage } from '../../../harness/coverage/build-coverage.js';
import { UserInputError } from '../../../harness/errors.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function folder(): string {
  const dir = tempFolder('graphcheck-coverage-');
  dirs.push(dir);
  return dir;
}

describe('the files a coverage map is read from', () => {
  // The two are read at once; which read fails first is up to the file system, the error named must not be.
  it('names a missing spec, not the readings missing beside it', async () => {
    const dir = folder();
    const read = buildCoverage({ spec: join(dir, 'nope.md'), readings: join(dir, 'readings.md') }, []);
    await expect(read).rejects.toThrow(UserInputError);
    await expect(read).rejects.toThrow(/nope\.md: cannot read the spec; check the --spec path$/);
  });

  it('names an unreadable spec even when the missing readings fail first', async () => {
    // A folder given as the spec fails only at its first read, after the open that fails the missing readings
    // (with the two failures the other way round in time, the error named was the readings').
    const dir = folder();
    const read = buildCoverage({ spec: dir, readings: join(dir, 'readings.md') }, []);
    await expect(read).rejects.toThrow(/: cannot read the spec; check the --spec path$/);
  });

  it('names missing readings when the spec is there', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'spec.md'), '# A spec\n\nA sentence.\n');
    await expect(buildCoverage({ spec: join(dir, 'spec.md'), readings: join(dir, 'readings.md') }, [])).rejects.toThrow(
      /readings\.md: cannot read the readings; check the --readings path$/,
    );
  });
});

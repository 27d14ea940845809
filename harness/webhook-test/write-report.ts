import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserInputError } from '../errors.js';
import type { RunResult } from '../model/index.js';

/** Writes `<dir>/webhook-test.json` (the RunResult as is) and returns its path. */
export async function writeReport(result: RunResult, dir: string): Promise<string> {
  const path = join(dir, 'webhook-test.json');
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(path, `${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new UserInputError(
      'USAGE',
      `${dir}: cannot write the report (${code}); choose another --report-dir`,
    );
  }
  return path;
}

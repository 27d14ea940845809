import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, spawnCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

const runWithClosedStdout = (args: string[]) => spawnCli(args, { closeStdout: true });

describe('a reader that closes the pipe early', () => {
  it('gets no stack trace, and the run still writes its reports and exits with its own code', async () => {
    const listed = await runWithClosedStdout(['list']);
    expect(listed.code).toBe(0);
    expect(hasStackTrace(listed.stderr)).toBe(false);

    const dir = tempFolder('graphcheck-pipe-');
    const run = await runWithClosedStdout(['run', '--rule', 'feed.get-limit-caps-page', '--report-dir', dir]);
    expect(hasStackTrace(run.stderr)).toBe(false);
    expect(run.code).toBe(0);
    expect(existsSync(join(dir, 'junit.xml'))).toBe(true);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { verdict: string }[] };
    expect(report.results.map((r) => r.verdict)).toEqual(['passed']);
  });
});

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, hasStackTrace } from '../helpers/cli.js';

/** Runs the CLI with its standard output closed before it prints (`graphcheck ... | head -0`). */
function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: 'pipe', timeout: 120_000, killSignal: 'SIGKILL' });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a reader that closes the pipe early', () => {
  it('gets no stack trace, and the run still writes its reports and exits with its own code', async () => {
    const listed = await runWithClosedStdout(['list']);
    expect(listed.code).toBe(0);
    expect(hasStackTrace(listed.stderr)).toBe(false);

    const dir = await mkdtemp(join(tmpdir(), 'graphcheck-pipe-'));
    const run = await runWithClosedStdout(['run', '--rule', 'feed.get-limit-caps-page', '--report-dir', dir]);
    expect(hasStackTrace(run.stderr)).toBe(false);
    expect(run.code).toBe(0);
    expect(existsSync(join(dir, 'junit.xml'))).toBe(true);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { verdict: string }[] };
    expect(report.results.map((r) => r.verdict)).toEqual(['passed']);
  });
});

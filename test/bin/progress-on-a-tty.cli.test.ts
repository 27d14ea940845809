import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../harness/shell-word.js';
import { BIN } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

// A terminal is what is tested: the process's standard output is a pseudo-terminal, so the CLI draws its live line.
/** Runs the CLI on a pseudo-terminal (util-linux `script`), as a person at a terminal would. */
function runOnTty(args: string[]): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, BIN, ...args].map(shellWord).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('progress', () => {
  it('on a TTY: a live line [i/n] rule seconds, redrawn in place, failures printed above it', async () => {
    const dir = tempFolder('graphcheck-tty-');
    // One rule at a time: which rule the line names while two are in flight depends on which ends first (the line
    // with rules in flight is tested in test/harness/reports/live-progress.test.ts).
    const args = ['run', '--rule', 'feed.get-limit-*', '--fault', 'feed-limit-not-capped', '--seed', '1', '--concurrency', '1'];
    const out = await runOnTty([...args, '--report-dir', dir]);
    expect(out.code).toBe(1);
    expect(out.output).toMatch(/\r\x1b\[2K\[1\/2\] feed\.get-limit-caps-page \d+\.\d s/);
    expect(out.output).toMatch(/\r\x1b\[2K\[2\/2\] feed\.get-limit-over-100-refused \d+\.\d s/);
    // The failure line starts on a cleared line, not after the live line's text.
    expect(out.output).toMatch(/\r\x1b\[2KFAIL feed\.get-limit-over-100-refused: /);
    expect(out.output).toMatch(/FAILED: 1 passed, 1 failed/);
  });

  it('--quiet: no live line and no line per rule, only the account at the end', async () => {
    const dir = tempFolder('graphcheck-quiet-');
    const out = await runOnTty(['run', '--rule', 'feed.get-limit-*', '--fault', 'feed-limit-not-capped', '--seed', '1', '--quiet', '--report-dir', dir]);
    expect(out.code).toBe(1);
    expect(out.output).not.toContain('[1/2]');
    expect(out.output).not.toMatch(/^FAIL /m);
    expect(out.output).toMatch(/── feed\.get-limit-over-100-refused \[MUST\] FAILED/);
  });
});

import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { expect } from 'vitest';
import { main } from '../../bin/main.js';
import { distIsCurrent } from './built-cli.js';
import { repoPath } from './paths.js';
import { tempFolder } from './temp-dir.js';

/**
 * The CLI the cli tier spawns: the compiled dist/ when it was built after every change to its sources (.ci/run has
 * just built it in CI), otherwise the TypeScript sources through tsx. Never a dist/ older than the sources: a test
 * would then pass or fail on code that is no longer there. The two run the same code; a start through tsx costs
 * about 2.6 CPU-seconds against 0.5, on the two cores the tests share.
 */
export const BIN = distIsCurrent() ? repoPath('dist', 'bin', 'cli.js') : repoPath('bin', 'graphcheck.js');

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * One command line through `main()`, the entry point `bin/graphcheck.js` runs, in this process: the exit code it
 * returns and everything it printed, with an optional environment (added to this process's) and working folder.
 * Without a folder it runs in a fresh temporary one, removed afterwards, so a default `reports/` or a config file
 * is never read from or written into the repository while other test files run beside it.
 * Exit codes, one-line errors and output are the command's own; only a process shows signals, pipes and the
 * start-up of `node` (`spawnCli`). A command line still running after `hangAfterMs` fails the test (a bound on a
 * hang, not a measure of speed).
 */
export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}, hangAfterMs = 120_000, cwd?: string): Promise<CliOutcome> {
  let stdout = '';
  let stderr = '';
  const folder = cwd ?? tempFolder('graphcheck-cwd-');
  const io = { stdout: (text: string) => (stdout += text), stderr: (text: string) => (stderr += text), env: { ...process.env, ...env }, cwd: folder };
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`graphcheck ${args.join(' ')}: still running after ${hangAfterMs} ms`)), hangAfterMs);
  });
  try {
    const code = await Promise.race([main(args, io), hang]);
    return { code, stdout, stderr };
  } finally {
    clearTimeout(timer);
    if (!cwd) await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The real CLI in a child process (the way users run it), for what only a process shows: exit codes of a process,
 * signals, closed pipes. A command still running after `killAfterMs` (one that should have ended on a fatal error)
 * is killed, its exit code `null`, so no server outlives the test. `closeStdout` closes the reading end of standard
 * output before the command prints anything, as `graphcheck ... | head -0` would.
 */
export function spawnCli(
  args: string[],
  { env = {}, killAfterMs = 120_000, cwd, closeStdout = false }: { env?: NodeJS.ProcessEnv; killAfterMs?: number; cwd?: string; closeStdout?: boolean },
): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    const options = { env: { ...process.env, ...env }, stdio: 'pipe' as const, timeout: killAfterMs, killSignal: 'SIGKILL' as const, ...(cwd ? { cwd } : {}) };
    const child = spawn(process.execPath, [BIN, ...args], options);
    let stdout = '';
    let stderr = '';
    if (closeStdout) child.stdout.destroy();
    else child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** True when the text holds a JavaScript stack trace. */
export function hasStackTrace(text: string): boolean {
  return /\n\s+at .+:\d+:\d+\)?/.test(text);
}

/** Exit 2 and exactly one stderr line, starting with the flag to fix (`flag`'s pattern); no stack trace anywhere. */
export function expectUsageLine(out: CliOutcome, flag: RegExp): void {
  expect(out.code).toBe(2);
  expect(out.stderr.trim().split('\n')).toHaveLength(1);
  expect(out.stderr).toMatch(new RegExp(`^graphcheck: ${flag.source}`));
  expect(hasStackTrace(out.stderr + out.stdout)).toBe(false);
}

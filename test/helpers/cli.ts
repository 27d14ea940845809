import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The CLI the tests spawn: the TypeScript sources through tsx, never the compiled dist/. A dist/ left from an
 * older build could otherwise make a test pass or fail on code that is no longer there; the compiled CLI is
 * tested as users get it, packed and installed (test/package/pack.test.ts).
 */
export const BIN = fileURLToPath(new URL('../../bin/graphcheck.js', import.meta.url));

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real CLI in a child process (the way users run it), with an optional environment and working folder. A command still
 * running after `killAfterMs` (one that should have ended on a fatal error) is killed, its exit code `null`, so
 * no server outlives the test.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, killAfterMs = 120_000, cwd?: string): Promise<CliOutcome> {
  return spawnCli(args, { env, killAfterMs, cwd });
}

/**
 * `runCli` with its options named; `closeStdout` closes the reading end of standard output before the command
 * prints anything, as `graphcheck ... | head -0` would.
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

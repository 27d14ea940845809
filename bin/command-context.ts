import { isAbsolute, resolve } from 'node:path';

/**
 * Where one command line's output goes and what it reads of its surroundings (`main`'s second argument); what is
 * left out is the process's own (standard output and error, environment, working folder), but for `isTTY`.
 */
export interface CliIo {
  /** Raw text: the command adds its own newlines. */
  stdout(text: string): void;
  stderr(text: string): void;
  /** Default false: progress is then a line every 10 s, not a live line. */
  isTTY?: boolean;
  /** Default process.env: `${ENV}` interpolation in profiles, GRAPHCHECK_* variables. */
  env?: NodeJS.ProcessEnv;
  /** Default process.cwd(): where the config file is looked up and every relative path flag starts. */
  cwd?: string;
}

/** What a command's action is handed: the one command line's output, environment, folder and exit code. */
export interface CommandContext {
  stdout(text: string): void;
  stderr(text: string): void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The command's exit code when it returns normally (`main` returns it; the default is 0). */
  setExitCode(code: number): void;
  /**
   * A path argument resolved against `cwd`. A relative path that already names the same file from this process
   * (cwd is the process's own) keeps the user's spelling, so messages and replay commands show it as typed.
   */
  path(p: string): string;
  /** `flags` with the path flags among `keys` (a string or a list of them) resolved as `path` does. */
  paths<T extends object>(flags: T, keys: readonly (keyof T)[]): T;
}

/** A context over `io`; its exit code is read back through `exitCode()`. */
export function commandContext(io: Partial<CliIo> = {}): CommandContext & { exitCode(): number } {
  const cwd = resolve(io.cwd ?? process.cwd());
  let exitCode = 0;
  const path = (p: string) => (isAbsolute(p) || resolve(p) === resolve(cwd, p) ? p : resolve(cwd, p));
  return {
    stdout: io.stdout ?? ((text) => process.stdout.write(text)),
    stderr: io.stderr ?? ((text) => process.stderr.write(text)),
    isTTY: io.isTTY ?? false,
    env: io.env ?? process.env,
    cwd,
    path,
    setExitCode: (code) => (exitCode = code),
    exitCode: () => exitCode,
    paths<T extends object>(flags: T, keys: readonly (keyof T)[]): T {
      const resolved = { ...flags } as Record<PropertyKey, unknown>;
      for (const key of keys) {
        const value = resolved[key];
        if (typeof value === 'string') resolved[key] = path(value);
        else if (Array.isArray(value)) resolved[key] = value.map((v: unknown) => (typeof v === 'string' ? path(v) : v));
      }
      return resolved as T;
    },
  };
}

/**
 * The context of a command registered without one (older callers of a command's `register`): the process's own
 * streams, environment and folder, its exit code set on the process as the CLI did before `main`.
 */
export function processContext(): CommandContext {
  const context = commandContext({ isTTY: process.stdout.isTTY === true });
  return { ...context, setExitCode: (code) => (process.exitCode = code) };
}

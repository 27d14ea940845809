import { execute } from '../../harness/run/execute.js';
import { loadConfig } from '../config-file.js';
import { planFromFlags, type RunFlags } from '../plan-from-flags.js';
import { startReference } from '../start-reference.js';

export { SUITES_DIR } from '../../harness/suite/suites-dir.js';
export type { RunFlags } from '../plan-from-flags.js';


/** What a command reads of its surroundings besides its flags (default: the process's). */
export interface Surroundings {
  /** A profile's `${ENV}` values. */
  env?: NodeJS.ProcessEnv;
  /** Where `graphcheck.config.yaml` is looked for. */
  cwd?: string;
  /** Notices (standard error). */
  stderr?(text: string): void;
}

/** Flags and config file to a plan, then the run; returns the exit code. */
export async function runCommand(flags: RunFlags, print: (text: string) => void, tty = false, around: Surroundings = {}): Promise<number> {
  const plan = planFromFlags(flags, await loadConfig(flags.config, around.cwd));
  const { env, stderr: warn } = around;
  return (await execute(plan, { print, tty, startReference, ...(env ? { env } : {}), ...(warn ? { warn } : {}) })).exitCode;
}

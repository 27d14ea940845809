import { doctor } from '../../harness/run/doctor.js';
import { loadConfig } from '../config-file.js';
import { planFromFlags, type RunFlags } from '../plan-from-flags.js';
import { startReference } from '../start-reference.js';
import type { Surroundings } from './run.js';


/** Flags and config file to a plan, then `doctor` (harness/run/doctor.ts); returns the exit code. */
export async function doctorCommand(flags: RunFlags, print: (text: string) => void, around: Surroundings = {}): Promise<number> {
  const plan = planFromFlags(flags, await loadConfig(flags.config, around.cwd));
  return doctor(plan, { print, verbose: flags.verbose ?? false, startReference, ...(around.env ? { env: around.env } : {}) });
}

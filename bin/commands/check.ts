import { execute } from '../../harness/run/execute.js';
import { type CheckFlags, checkPlan } from '../check-plan.js';

export type { CheckFlags } from '../check-plan.js';


/** Judges recorded traffic, prints and writes the reports `run` writes. `env`: what the profile's `${ENV}` values read. */
export async function checkCommand(flags: CheckFlags, print: (text: string) => void, env = process.env): Promise<number> {
  return (await execute(checkPlan(flags), { print, env })).exitCode;
}

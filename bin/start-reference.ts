import { UserInputError } from '../harness/errors.js';

/**
 * Starts the embedded reference target with fault switches: what `bin/` hands `execute` and `doctor`, being the one
 * place that sees both the harness and the reference. Loaded only when a run embeds it: commands that never do
 * (check, replay, list, usage errors) start faster.
 */
export async function startReference(faults: string[]): Promise<{ profile: unknown; close(): Promise<void> }> {
  const [{ FAULTS }, reference] = await Promise.all([import('../reference/faults.js'), import('../reference/index.js')]);
  const unknown = faults.filter((f) => !(f in FAULTS));
  if (unknown.length) {
    throw new UserInputError('USAGE', `--fault ${unknown.join(',')}: unknown fault; see graphcheck serve-reference --list-faults`);
  }
  return reference.startReference({ faults });
}

/** A rule's seed depends only on the run seed and the rule id, so `--seed S --rule ID` replays it alone. */
export function ruleSeed(runSeed: number, ruleId: string): number {
  let hash = 0x811c9dc5 ^ runSeed;
  for (const char of ruleId) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

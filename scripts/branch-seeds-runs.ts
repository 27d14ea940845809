/** The runs behind `scripts/branch-seeds.ts`: which rule and fault pairs to measure, and the measure. */
import { SUITES_DIR } from '../bin/commands/run.js';
import { loadSuites } from '../harness/suite-loading/load-suite.js';
import { describeBranches } from '../harness/generators/branch-summary.js';
import { matchesRule, selectedRules } from '../harness/suite/select-rules.js';
import { runAgainstReference } from '../test/helpers/run-reference.js';
import type { FaultMatrix } from './fault-matrix-document.js';

export interface BranchPair {
  rule: string;
  fault: string;
}

export interface BranchTally extends BranchPair {
  failedOn: number[];
  passedOn: number[];
}

/** Each rule the run judges that has generated choices, with each fault the matrix lists for it. */
export async function branchPairs(matrix: FaultMatrix, only: { rules?: string[]; faults?: string[] } = {}): Promise<BranchPair[]> {
  const branching = selectedRules(await loadSuites(SUITES_DIR), {})
    .filter(({ rule }) => describeBranches(rule.given, 20) !== undefined)
    .map(({ rule }) => rule.id)
    .filter((id) => !only.rules || only.rules.some((pattern) => matchesRule(pattern, id)));
  const faultsOf = new Map(matrix.rows.map((row) => [row.rule, row.faults]));
  return branching.flatMap((rule) =>
    (faultsOf.get(rule) ?? []).filter((fault) => !only.faults || only.faults.includes(fault)).map((fault) => ({ rule, fault })),
  );
}

/** Runs each fault's rules together on each seed against the reference with that fault alone. */
export async function measureBranchSeeds(pairs: BranchPair[], seeds: number[], onFault: (line: string) => void = () => {}): Promise<BranchTally[]> {
  const byFault = new Map<string, string[]>();
  for (const { rule, fault } of pairs) byFault.set(fault, [...(byFault.get(fault) ?? []), rule]);
  const tally: BranchTally[] = pairs.map((p) => ({ ...p, failedOn: [], passedOn: [] }));
  for (const [fault, rules] of byFault) {
    for (const seed of seeds) {
      const result = await runAgainstReference({ faults: [fault], seed, rules });
      for (const r of result.results) {
        const entry = tally.find((t) => t.fault === fault && t.rule === r.rule);
        if (entry) (r.verdict === 'failed' ? entry.failedOn : entry.passedOn).push(seed);
      }
    }
    const line = tally.filter((t) => t.fault === fault).map((t) => `${t.rule} ${t.failedOn.length}/${seeds.length}`).join(', ');
    onFault(`${fault}: ${line}`);
  }
  return tally;
}

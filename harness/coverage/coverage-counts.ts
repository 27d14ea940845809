import { type CoverageEntry, judgesOfEntry } from './coverage-map.js';

/**
 * How many statements stand where. `judged` is split by who wrote the judges: `byHand` statements have a
 * hand-written rule among them, `bySweeps` a sweep-generated one (a statement may have both), `bySweepsAlone` only
 * sweep-generated ones. The other counts add up with `judged` to `statements`.
 */
export interface CoverageCounts {
  statements: number;
  judged: number;
  byHand: number;
  bySweeps: number;
  bySweepsAlone: number;
  shouldOnly: number;
  clientOnly: number;
  reasoned: number;
  uncovered: number;
}

export function countCoverage(entries: CoverageEntry[]): CoverageCounts {
  const count = (keep: (e: CoverageEntry) => boolean) => entries.filter(keep).length;
  const judged = entries.filter((e) => e.status === 'judged').map(judgesOfEntry);
  return {
    statements: entries.length,
    judged: judged.length,
    byHand: judged.filter((j) => j.hand.length > 0).length,
    bySweeps: judged.filter((j) => j.sweep.length > 0).length,
    bySweepsAlone: judged.filter((j) => j.hand.length === 0).length,
    shouldOnly: count((e) => e.status === 'should-only'),
    clientOnly: count((e) => e.status === 'client-only'),
    reasoned: count((e) => e.status === 'reasoned'),
    uncovered: count((e) => e.status === 'uncovered'),
  };
}

/** The totals in one line, as the console, the Markdown and the HTML page all print them. */
export function countLine(c: CoverageCounts): string {
  return [
    `${c.statements} statements: ${c.judged} judged by service rules at their strength`,
    ` (${c.byHand} by hand-written rules, ${c.bySweeps} by sweep-generated rules, ${c.bySweepsAlone} by sweeps alone),`,
    ` ${c.shouldOnly} judged only by SHOULD rules, ${c.clientOnly} only by client-side or callback rules,`,
    ` ${c.reasoned} not judged with a reason, ${c.uncovered} uncovered`,
  ].join('');
}

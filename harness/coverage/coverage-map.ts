import type { Strength } from '../model/index.js';
import type { Suite } from '../suite/suite.js';
import { CiteMatcher } from './cite-matcher.js';
import { type Judge, type JudgeRef, judgesAtStrength } from './judges.js';
import type { Readings } from './readings.js';
import type { ReasonsFile } from './reasons-file.js';
import type { Statement } from './spec-statements.js';
import { statementStrength } from './statement-strength.js';
import { fileReasons, isContractCite, notCheckableReasons, notShownReasons, type Reason } from './statement-reasons.js';

/**
 * Where a statement stands, best first: `judged` by a service rule at its strength; judged only by a SHOULD service
 * rule although it is MUST (`should-only`), or only by rules that judge a client's requests or an app's callback
 * (`client-only`); judged by no rule but given a reason (`reasoned`); neither (`uncovered`).
 */
export type CoverageStatus = 'judged' | 'should-only' | 'client-only' | 'reasoned' | 'uncovered';

/** One statement of the spec with the rules that quote it and the reasons it is not judged. */
export interface CoverageEntry {
  statement: Statement;
  strength: Strength;
  status: CoverageStatus;
  /** Every rule whose cites quote the statement, of every side and strength, in suite order. */
  judges: JudgeRef[];
  reasons: Reason[];
}

export interface CoverageMap {
  entries: CoverageEntry[];
  /** Rule cites of the spec that quote no statement (a misquote, or a sentence the spec no longer has). */
  unmatchedCites: { rule: string; cite: Judge['cites'][number] }[];
}

/**
 * Maps every statement to the judges whose cites quote it and to the reasons given for not judging it: the
 * spec's own "not shown", the suites' `not_checkable` lists and the reasons file. Throws a user error for a
 * reason that quotes nothing, so reasons cannot outlive the text they explain.
 */
export function coverageMap(
  statements: Statement[],
  judges: Judge[],
  suites: Suite[],
  readings: Readings,
  reasons?: ReasonsFile,
): CoverageMap {
  const matcher = new CiteMatcher(statements);
  const judgesOf = new Map<string, JudgeRef[]>();
  const unmatchedCites: CoverageMap['unmatchedCites'] = [];
  for (const { id, side, strength, origin, cites } of judges) {
    const judge: JudgeRef = { id, side, strength, origin };
    for (const cite of cites.filter((c) => !isContractCite(c))) {
      const quoted = matcher.quoted(cite);
      if (quoted.length === 0) unmatchedCites.push({ rule: judge.id, cite });
      for (const s of quoted) {
        const list = judgesOf.get(s.id) ?? [];
        if (!list.some((j) => j.id === judge.id)) judgesOf.set(s.id, [...list, judge]);
      }
    }
  }
  const reasonsOf = new Map<string, Reason[]>();
  notShownReasons(statements, readings, matcher, reasonsOf);
  notCheckableReasons(suites, matcher, reasonsOf);
  if (reasons) fileReasons(reasons, readings, matcher, reasonsOf);
  const entries = statements.map((statement) => {
    const strength = statementStrength(statement);
    const found = judgesOf.get(statement.id) ?? [];
    const given = reasonsOf.get(statement.id) ?? [];
    return { statement, strength, status: statusOf(strength, found, given), judges: found, reasons: given };
  });
  return { entries, unmatchedCites };
}

function statusOf(strength: Strength, judges: JudgeRef[], reasons: Reason[]): CoverageStatus {
  if (judges.some((j) => judgesAtStrength(j, strength))) return 'judged';
  if (judges.some((j) => j.side === 'service')) return 'should-only';
  if (judges.length > 0) return 'client-only';
  return reasons.length > 0 ? 'reasoned' : 'uncovered';
}

/** The judges of an entry that judge it at its strength, and of those the hand-written and the swept ones. */
export function judgesOfEntry(entry: CoverageEntry): { atStrength: JudgeRef[]; hand: JudgeRef[]; sweep: JudgeRef[] } {
  const atStrength = entry.judges.filter((j) => judgesAtStrength(j, entry.strength));
  return {
    atStrength,
    hand: atStrength.filter((j) => j.origin === 'hand'),
    sweep: atStrength.filter((j) => j.origin === 'sweep'),
  };
}

/**
 * Statements a rule judges although the reasons file says none does: the rule may judge only part of the
 * statement, or the reason is stale. Listed so a reader checks which.
 */
export function judgedWithFileReason(entries: CoverageEntry[]): CoverageEntry[] {
  return entries.filter((e) => e.status === 'judged' && e.reasons.some((r: Reason) => r.given === 'file'));
}

/** Entries grouped by section, in the spec's order. */
export function bySection(entries: CoverageEntry[]): { section: string; entries: CoverageEntry[] }[] {
  const sections: { section: string; entries: CoverageEntry[] }[] = [];
  for (const entry of entries) {
    const last = sections.at(-1);
    if (last?.section === entry.statement.section) last.entries.push(entry);
    else sections.push({ section: entry.statement.section, entries: [entry] });
  }
  return sections;
}

import type { Citation } from '../model/index.js';
import type { Suite } from '../suite/suite.js';
import { CiteMatcher } from './cite-matcher.js';
import type { Readings } from './readings.js';
import type { ReasonsFile } from './reasons-file.js';
import type { Statement } from './spec-statements.js';
import { fileReasons, isContractCite, notCheckableReasons, notShownReasons, type Reason } from './statement-reasons.js';

/** What judges statements: a suite rule, or a check of `graphcheck webhook-test` (the app's own receiver). */
export interface Judge {
  id: string;
  cites: Citation[];
}

/** One statement of the spec with the rules that judge it and the reasons it is not judged. */
export interface CoverageEntry {
  statement: Statement;
  rules: string[];
  reasons: Reason[];
}

export interface CoverageMap {
  entries: CoverageEntry[];
  /** Rule cites of the spec that quote no statement (a misquote, or a sentence the spec no longer has). */
  unmatchedCites: { rule: string; cite: Citation }[];
}

/** The rules of the suites, each with its cites of the spec. */
export function suiteJudges(suites: Suite[]): Judge[] {
  return suites.flatMap((s) => s.rules.map((rule) => ({ id: rule.id, cites: rule.cites })));
}

export interface CoverageCounts {
  statements: number;
  judged: number;
  reasoned: number;
  uncovered: number;
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
  const rulesOf = new Map<string, string[]>();
  const unmatchedCites: CoverageMap['unmatchedCites'] = [];
  for (const rule of judges) {
    for (const cite of rule.cites.filter((c) => !isContractCite(c))) {
      const quoted = matcher.quoted(cite);
      if (quoted.length === 0) unmatchedCites.push({ rule: rule.id, cite });
      for (const s of quoted) {
        const list = rulesOf.get(s.id) ?? [];
        if (!list.includes(rule.id)) rulesOf.set(s.id, [...list, rule.id]);
      }
    }
  }
  const reasonsOf = new Map<string, Reason[]>();
  notShownReasons(statements, readings, matcher, reasonsOf);
  notCheckableReasons(suites, matcher, reasonsOf);
  if (reasons) fileReasons(reasons, readings, matcher, reasonsOf);
  const entries = statements.map((statement) => ({
    statement,
    rules: rulesOf.get(statement.id) ?? [],
    reasons: reasonsOf.get(statement.id) ?? [],
  }));
  return { entries, unmatchedCites };
}

export function countCoverage(entries: CoverageEntry[]): CoverageCounts {
  const judged = entries.filter((e) => e.rules.length > 0).length;
  const reasoned = entries.filter((e) => e.rules.length === 0 && e.reasons.length > 0).length;
  return { statements: entries.length, judged, reasoned, uncovered: entries.length - judged - reasoned };
}

/**
 * Statements a rule judges although the reasons file says none does: the rule may judge only part of the
 * statement, or the reason is stale. Listed so a reader checks which.
 */
export function judgedWithFileReason(entries: CoverageEntry[]): CoverageEntry[] {
  const fromFile = (r: Reason) => r.kind !== 'not-shown' && r.kind !== 'not-checkable';
  return entries.filter((e) => e.rules.length > 0 && e.reasons.some(fromFile));
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

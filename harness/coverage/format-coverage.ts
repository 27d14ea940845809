import {
  bySection,
  type CoverageCounts,
  type CoverageEntry,
  type CoverageMap,
  countCoverage,
  judgedWithFileReason,
} from './coverage-map.js';
import { normaliseText } from './normalise-text.js';
import { statementText } from './statement-text.js';
import type { Reason } from './statement-reasons.js';

const WIDTH = 110;

export function countLine(counts: CoverageCounts): string {
  return `${counts.statements} statements: ${counts.judged} judged by rules, ${counts.reasoned} not judged with a reason, ${counts.uncovered} uncovered`;
}

function reasonLine(reason: Reason): string {
  const label = reason.reading ? `${reason.kind}, ${reason.reading}` : reason.kind;
  return `${label}: ${reason.why} (${reason.source})`;
}

/** What the map says of one statement, in one line each: the rules, else the reasons, else that it is uncovered. */
export function verdictLines(entry: CoverageEntry): string[] {
  const lines: string[] = [];
  if (entry.rules.length > 0) lines.push(`judged by ${entry.rules.join(', ')}`);
  lines.push(...entry.reasons.map((r) => `not judged (${reasonLine(r)})`));
  if (lines.length === 0) lines.push('UNCOVERED: no rule quotes it and no reason is given');
  return lines;
}

function clip(text: string): string {
  const plain = normaliseText(text);
  return plain.length > WIDTH ? `${plain.slice(0, WIDTH - 1)}…` : plain;
}

/** The console map: per section its counts, then each statement with its rules or reasons; a count line last. */
export function formatCoverageText(map: CoverageMap): string {
  const out: string[] = [];
  for (const { section, entries } of bySection(map.entries)) {
    const c = countCoverage(entries);
    out.push('', `${section}: ${c.statements} statements, ${c.judged} judged, ${c.reasoned} with a reason, ${c.uncovered} uncovered`);
    for (const entry of entries) {
      out.push(`  ${entry.statement.id}  ${clip(statementText(entry.statement))}`);
      out.push(...verdictLines(entry).map((l) => `      ${l}`));
    }
  }
  out.push(...unmatchedLines(map), ...doubleLines(map), '', countLine(countCoverage(map.entries)));
  return `${out.join('\n')}\n`;
}

function doubleLines(map: CoverageMap): string[] {
  const both = judgedWithFileReason(map.entries);
  if (both.length === 0) return [];
  return [
    '',
    `${both.length} statement(s) judged by a rule also have a reason in the reasons file (a partial rule, or a stale reason):`,
    ...both.map((e) => `  ${e.statement.id}: ${e.rules.join(', ')}`),
  ];
}

function unmatchedLines(map: CoverageMap): string[] {
  if (map.unmatchedCites.length === 0) return [];
  return [
    '',
    `${map.unmatchedCites.length} rule cite(s) quote no statement of the spec:`,
    ...map.unmatchedCites.map(({ rule, cite }) => `  ${rule}: "${clip(cite.text)}" (${cite.section})`),
  ];
}

/** The uncovered statements, one line each, for `--fail-on-uncovered`. */
export function formatUncovered(map: CoverageMap, specFile: string): string {
  const uncovered = map.entries.filter((e) => e.rules.length === 0 && e.reasons.length === 0);
  const lines = uncovered.map((e) => `${specFile}:${e.statement.line}: ${e.statement.id} is uncovered: ${clip(e.statement.text)}`);
  return `${lines.join('\n')}\n`;
}

/** `--json`: the same map as data. */
export function coverageJson(map: CoverageMap, spec: string): unknown {
  return {
    spec,
    counts: countCoverage(map.entries),
    sections: bySection(map.entries).map(({ section, entries }) => ({
      section,
      counts: countCoverage(entries),
      statements: entries.map(({ statement: s, rules, reasons }) => ({
        id: s.id,
        kind: s.kind,
        line: s.line,
        text: s.text,
        ...(s.header ? { header: s.header } : {}),
        ...(s.lead ? { lead: s.lead } : {}),
        rules,
        reasons,
      })),
    })),
    unmatched_cites: map.unmatchedCites,
    judged_with_reason: judgedWithFileReason(map.entries).map((e) => e.statement.id),
  };
}

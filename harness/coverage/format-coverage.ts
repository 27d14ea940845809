import { type CoverageCounts, countCoverage, countLine } from './coverage-counts.js';
import { bySection, type CoverageMap, judgedWithFileReason } from './coverage-map.js';
import { normaliseText } from './normalise-text.js';
import { statementText } from './statement-text.js';
import { verdictLines } from './verdict-lines.js';

const WIDTH = 110;

function clip(text: string): string {
  const plain = normaliseText(text);
  return plain.length > WIDTH ? `${plain.slice(0, WIDTH - 1)}…` : plain;
}

/** A section's counts in one line. */
export function sectionLine(section: string, c: CoverageCounts): string {
  const apart = c.shouldOnly + c.clientOnly > 0 ? `, ${c.shouldOnly} only SHOULD, ${c.clientOnly} only client-side or callback` : '';
  return `${section}: ${c.statements} statements, ${c.judged} judged${apart}, ${c.reasoned} with a reason, ${c.uncovered} uncovered`;
}

/** The console map: per section its counts, then each statement with its rules or reasons; the totals last. */
export function formatCoverageText(map: CoverageMap): string {
  const out: string[] = [];
  for (const { section, entries } of bySection(map.entries)) {
    out.push('', sectionLine(section, countCoverage(entries)));
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
    ...both.map((e) => `  ${e.statement.id}: ${e.judges.map((j) => j.id).join(', ')}`),
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
  const uncovered = map.entries.filter((e) => e.status === 'uncovered');
  const lines = uncovered.map((e) => `${specFile}:${e.statement.line}: ${e.statement.id} is uncovered: ${clip(e.statement.text)}`);
  return `${lines.join('\n')}\n`;
}

function countsJson(c: CoverageCounts) {
  return {
    statements: c.statements,
    judged: c.judged,
    judged_by_hand: c.byHand,
    judged_by_sweeps: c.bySweeps,
    judged_by_sweeps_alone: c.bySweepsAlone,
    should_only: c.shouldOnly,
    client_only: c.clientOnly,
    reasoned: c.reasoned,
    uncovered: c.uncovered,
  };
}

/** `--json`: the same map as data. */
export function coverageJson(map: CoverageMap, spec: string): unknown {
  return {
    spec,
    counts: countsJson(countCoverage(map.entries)),
    sections: bySection(map.entries).map(({ section, entries }) => ({
      section,
      counts: countsJson(countCoverage(entries)),
      statements: entries.map(({ statement: s, strength, status, judges, reasons }) => ({
        id: s.id,
        kind: s.kind,
        line: s.line,
        text: s.text,
        ...(s.header ? { header: s.header } : {}),
        ...(s.lead ? { lead: s.lead } : {}),
        strength,
        status,
        rules: judges.map((j) => j.id),
        judges,
        reasons,
      })),
    })),
    unmatched_cites: map.unmatchedCites,
    judged_with_reason: judgedWithFileReason(map.entries).map((e) => e.statement.id),
  };
}

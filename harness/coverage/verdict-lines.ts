import type { CoverageEntry } from './coverage-map.js';
import { type JudgeRef, judgeNote, judgesAtStrength } from './judges.js';
import type { Reason } from './statement-reasons.js';

/**
 * A judge's id, marked with why it does not judge the statement at its strength (`client-side`, `callback`,
 * `SHOULD`) when it does not, else when a sweep generated it.
 */
export function judgeLabel(judge: JudgeRef, atStrength: boolean): string {
  const note = atStrength ? undefined : judgeNote(judge);
  const mark = note ?? (judge.origin === 'sweep' ? 'sweep' : undefined);
  return mark ? `${judge.id} (${mark})` : judge.id;
}

export function reasonLine(reason: Reason): string {
  const label = reason.reading ? `${reason.kind}, ${reason.reading}` : reason.kind;
  return `${label}: ${reason.why} (${reason.source})`;
}

/** The judges of an entry split into those that judge it at its strength and the others. */
export function splitJudges(entry: CoverageEntry): { at: JudgeRef[]; apart: JudgeRef[] } {
  const at = entry.judges.filter((j) => judgesAtStrength(j, entry.strength));
  return { at, apart: entry.judges.filter((j) => !at.includes(j)) };
}

/**
 * What the map says of one statement, a line each: the rules that judge it at its strength, the rules that quote it
 * without doing so (client-side, callback, SHOULD), the reasons, or that it is uncovered.
 */
export function verdictLines(entry: CoverageEntry): string[] {
  const { at, apart } = splitJudges(entry);
  const lines: string[] = [];
  if (at.length > 0) lines.push(`judged by ${at.map((j) => judgeLabel(j, true)).join(', ')}`);
  if (apart.length > 0) {
    const lead = at.length > 0 ? 'also quoted by' : `judged only by rules that do not judge the service at ${entry.strength}:`;
    lines.push(`${lead} ${apart.map((j) => judgeLabel(j, false)).join(', ')}`);
  }
  const judged = entry.status === 'judged';
  lines.push(...entry.reasons.map((r) => `${judged ? 'a reason too' : 'not judged'} (${reasonLine(r)})`));
  if (lines.length === 0) lines.push('UNCOVERED: no rule quotes it and no reason is given');
  return lines;
}

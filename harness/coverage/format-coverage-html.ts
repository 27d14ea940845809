import type { Verdict } from '../model/index.js';
import { escapeHtml as h, ownHtml } from '../reports/escape.js';
import { type CoverageCounts, countCoverage, countLine } from './coverage-counts.js';
import { COVERAGE_POLICY, COVERAGE_STYLE } from './coverage-html-style.js';
import { bySection, type CoverageEntry, type CoverageMap, type CoverageStatus } from './coverage-map.js';
import type { Judge, JudgeRef } from './judges.js';
import { statementText } from './statement-text.js';
import { judgeLabel, splitJudges } from './verdict-lines.js';

/** The verdicts of one run (`coverage --report FILE`): where they come from, the run's verdict line, each rule's. */
export interface RunVerdicts {
  file: string;
  summary: string;
  verdicts: ReadonlyMap<string, Verdict>;
}

const STATUS_WORDS: Record<CoverageStatus, string> = {
  judged: 'judged',
  'should-only': 'judged only by SHOULD rules',
  'client-only': 'judged only by client-side or callback rules',
  reasoned: 'not judged, with a reason',
  uncovered: 'UNCOVERED: no rule quotes it and no reason is given',
};

/**
 * The spec as one page, like a code coverage report: the totals, a table of sections, then every statement marked
 * judged (by which rules, each linked to the rule's entry, with its verdict when a run's report is given), reasoned
 * (the reasons) or uncovered; the rules last, each with the statements it quotes. Self-contained: inline style, no
 * script, a policy that lets nothing load. Every text from a file (the spec, suites, reasons, a report) is escaped.
 */
export function formatCoverageHtml(map: CoverageMap, spec: string, judges: Judge[], run?: RunVerdicts): string {
  const sections = bySection(map.entries);
  const title = `Spec coverage of ${spec}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${COVERAGE_POLICY}">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(title)}</title><style>${COVERAGE_STYLE}</style></head>
<body><header><h1>${h(title)}</h1>
<p id="totals">${h(countLine(countCoverage(map.entries)))}</p>
<p class="legend">${(Object.keys(STATUS_WORDS) as CoverageStatus[]).map((s) => `<span><span class="dot ${s}"></span>${h(STATUS_WORDS[s])}</span>`).join('')}</p>
${run ? `<p id="run">Verdicts of the run in <code>${h(run.file)}</code>: ${h(run.summary)}</p>` : ''}
</header><main>
<h2 id="sections">Sections</h2>
${sectionTable(sections, run)}
${sections.map(({ section, entries }, i) => sectionBlock(section, entries, i, run)).join('\n')}
${rulesBlock(map, judges, run)}
</main></body></html>
`;
}

function sectionTable(sections: { section: string; entries: CoverageEntry[] }[], run?: RunVerdicts): string {
  const head = ['section', 'statements', 'judged', '', 'by sweeps', 'by sweeps alone', 'only SHOULD', 'only client-side or callback', 'with a reason', 'uncovered'];
  if (run) head.push('failed in this run');
  const rows = sections.map(({ section, entries }, i) => {
    const c = countCoverage(entries);
    const cells = [c.statements, c.judged, meter(c), c.bySweeps, c.bySweepsAlone, c.shouldOnly, c.clientOnly, c.reasoned, c.uncovered];
    if (run) cells.push(entries.filter((e) => failedIn(e, run)).length);
    return `<tr><td><a href="#section-${i}">${h(section)}</a></td>${cells.map((n) => `<td class="n">${n}</td>`).join('')}</tr>`;
  });
  return `<table><tr>${head.map((x, i) => `<th${i > 0 ? ' class="n"' : ''}>${h(x)}</th>`).join('')}</tr>${rows.join('')}</table>`;
}

function meter(c: CoverageCounts): string {
  const share = c.statements === 0 ? 0 : Math.round((100 * c.judged) / c.statements);
  return `<meter min="0" max="${c.statements}" value="${c.judged}" title="${share}% judged"></meter> ${share}%`;
}

function sectionBlock(section: string, entries: CoverageEntry[], index: number, run?: RunVerdicts): string {
  const c = countCoverage(entries);
  const counts = `${c.statements} statements: ${c.judged} judged (${c.bySweeps} by sweeps, ${c.bySweepsAlone} by sweeps alone), ${c.shouldOnly} only SHOULD, ${c.clientOnly} only client-side or callback, ${c.reasoned} with a reason, ${c.uncovered} uncovered`;
  return `<section id="section-${index}"><h2>${h(section)}</h2><p class="muted">${h(counts)}</p>
${entries.map((e) => statementBlock(e, run)).join('\n')}</section>`;
}

function statementBlock(entry: CoverageEntry, run?: RunVerdicts): string {
  const { statement: s, status, strength } = entry;
  const { at, apart } = splitJudges(entry);
  const advice = strength === 'SHOULD' ? ' · advice (SHOULD)' : '';
  const judges: string[] = [];
  if (at.length > 0) judges.push(`<li>judged by ${at.map((j) => judgeLink(j, true, run)).join(', ')}</li>`);
  if (apart.length > 0) {
    const lead = at.length > 0 ? 'also quoted by' : `quoted only by rules that do not judge the service at ${strength}:`;
    judges.push(`<li>${h(lead)} ${apart.map((j) => judgeLink(j, false, run)).join(', ')}</li>`);
  }
  // A judged statement's reason says what of it no rule judges.
  const part = status === 'judged' ? 'not judged in part: ' : '';
  const reasons = entry.reasons.map(
    (r) => `<li>${part}<em>${h(r.kind)}</em>${r.reading ? ` (${h(r.reading)})` : ''}: ${ownHtml(r.why)} <span class="muted">(${h(r.source)})</span></li>`,
  );
  return `<div class="stmt" id="${h(s.id)}" data-status="${status}">
<div class="id muted"><span class="dot ${status}"></span><a href="#${h(s.id)}">${h(s.id)}</a> · line ${s.line} · <span class="status">${h(STATUS_WORDS[status])}</span>${advice}</div>
<div class="text">${ownHtml(statementText(s).replace(/\*\*/g, ''))}</div>
${judges.length > 0 ? `<ul class="judges">${judges.join('')}</ul>` : ''}${reasons.length > 0 ? `<ul class="reasons">${reasons.join('')}</ul>` : ''}
</div>`;
}

function judgeLink(judge: JudgeRef, atStrength: boolean, run?: RunVerdicts): string {
  const label = judgeLabel(judge, atStrength);
  const note = label === judge.id ? '' : ` <span class="muted">${h(label.slice(judge.id.length + 1))}</span>`;
  return `<a href="#rule-${h(judge.id)}"><code>${h(judge.id)}</code></a>${note}${run ? verdictBadge(run.verdicts.get(judge.id)) : ''}`;
}

function verdictBadge(verdict: Verdict | undefined): string {
  return verdict ? `<span class="badge ${verdict}">${verdict}</span>` : '<span class="badge absent">not in this run</span>';
}

/** A statement one of whose judges at its strength failed in the run. */
function failedIn(entry: CoverageEntry, run: RunVerdicts): boolean {
  return splitJudges(entry).at.some((j) => run.verdicts.get(j.id) === 'failed');
}

function rulesBlock(map: CoverageMap, judges: Judge[], run?: RunVerdicts): string {
  const quotes = new Map<string, string[]>();
  for (const e of map.entries) for (const j of e.judges) quotes.set(j.id, [...(quotes.get(j.id) ?? []), e.statement.id]);
  const items = judges.map((j) => {
    const kind = [j.side, j.strength, j.origin === 'sweep' ? 'sweep' : ''].filter(Boolean).join(' ');
    const ids = quotes.get(j.id) ?? [];
    const where = ids.length > 0 ? ids.map((id) => `<a href="#${h(id)}">${h(id)}</a>`).join(', ') : 'no statement of the spec';
    return `<li id="rule-${h(j.id)}"><code>${h(j.id)}</code>${run ? verdictBadge(run.verdicts.get(j.id)) : ''} ${ownHtml(j.title)} <span class="muted">(${h(kind)}; quotes ${where})</span></li>`;
  });
  return `<section class="rules" id="rules"><h2>Rules (${judges.length})</h2><ul>${items.join('')}</ul></section>`;
}

import type { RuleResult, RunResult } from '../model/index.js';
import { describeFailure } from './describe-failure.js';
import { escapeHtml, markdownCode as code, escapeMarkdown as md, ownMarkdown } from './escape.js';
import { type CauseGroup, causeCount, sectionsOf } from './report-sections.js';
import { runsWords } from './runs-words.js';

/**
 * One verdict line, the causes of the failures and unjudged rules (each with its rules), then the failures in
 * full, what could not be judged, warnings, known failures, and the skipped rules grouped by cause with counts.
 * Everything that came from the target is escaped; our own Markdown (rule titles' code spans) renders.
 */
export function renderMarkdown(result: RunResult): string {
  const s = sectionsOf(result);
  const shard = result.shard ? `, shard ${result.shard.index}/${result.shard.count}` : '';
  const lines = [
    `# graphcheck ${s.verdict}`,
    '',
    `Target ${md(result.target.baseUrl)} (${md(result.target.source)}), seed ${md(String(result.seed))}${shard}. Each failure's replay command runs it again.`,
    '',
  ];
  causes(lines, s.causes);
  section(lines, 'Failures', s.byStanding.failed, full);
  section(lines, 'Could not judge', s.byStanding.error, full);
  if (s.stale.length) {
    lines.push(`## Stale baseline entries (${s.stale.length})`, '', 'Their rules now pass: drop the entries (or run with `--allow-stale`).', '');
    for (const e of s.stale) lines.push(`- ${code(e.rule)} expected ${md(e.verdict)}: ${md(e.reason)}`);
    lines.push('');
  }
  section(lines, 'Warnings (SHOULD rules that failed)', s.byStanding.warned, (r) => [`- ${code(r.rule)}: ${md(r.reason ?? '')}`]);
  section(lines, 'Known (baseline)', s.byStanding.known, (r) => [`- ${code(r.rule)} ${md(r.verdict)}: ${md(r.known ?? '')}`]);
  if (s.skippedByCause.length) {
    lines.push(`## Skipped (${s.byStanding.skipped.length}), by cause`, '', '| rules | cause |', '|---:|---|');
    for (const { cause, rules } of s.skippedByCause) {
      const ids = rules.map((r) => `<code>${md(r.rule)}</code>`).join(' ');
      lines.push(`| ${rules.length} | ${md(cause)}<details><summary>which</summary>${ids}</details> |`);
    }
    lines.push('');
  }
  if (s.notCheckable.length) {
    lines.push(`## Not checkable (${s.notCheckable.length})`, '', 'Documented rules a black-box run cannot check:', '');
    // A suite's own words: their code spans render, as a rule title's do.
    for (const n of s.notCheckable) lines.push(`- **${md(n.suite)}**: ${ownMarkdown(n.what)}: ${ownMarkdown(n.why)}`);
    lines.push('');
  }
  const capped = result.results.filter((r) => r.runsCapped);
  if (capped.length) {
    lines.push(`## Property runs capped (${capped.length})`, '', 'Rules whose `max_runs:` ceiling cut the runs asked for:', '');
    for (const r of capped) lines.push(`- ${code(r.rule)}: ${ownMarkdown(runsWords(r) ?? '')}`);
    lines.push('');
  }
  lines.push(`${s.byStanding.passed.length} rule(s) passed.`);
  return `${lines.join('\n')}\n`;
}

/** What the failures and unjudged rules come from, largest first, each with its rules: what a reader fixes first. */
function causes(lines: string[], groups: CauseGroup[]): void {
  if (groups.length === 0) return;
  lines.push(`## Causes (${groups.length})`, '', '| rules | cause |', '|---|---|');
  for (const group of groups) {
    const ids = group.rules.map((r) => `<code>${md(r.rule)}</code> ${md(r.verdict)}`).join('<br>');
    lines.push(`| ${md(causeCount(group))} | ${md(group.cause.title)}<details><summary>which</summary>${ids}</details> |`);
  }
  lines.push('');
}

function section(lines: string[], title: string, rules: RuleResult[], render: (r: RuleResult) => string[]): void {
  if (rules.length === 0) return;
  lines.push(`## ${title} (${rules.length})`, '');
  for (const r of rules) lines.push(...render(r));
  lines.push('');
}

function full(r: RuleResult): string[] {
  return [
    `### ${code(r.rule)} [${md(r.strength)}]: ${ownMarkdown(r.title)}`,
    '',
    ...r.cites.map((c) => `> ${ownMarkdown(c.text)} (${md(c.section)})`),
    '',
    md(r.reason ?? ''),
    '',
    ...(r.cause ? [`Cause: ${md(r.cause.title)}`, ''] : []),
    `<details><summary>evidence, curl and replay</summary>\n\n<pre>${escapeHtml(describeFailure(r))}</pre>\n</details>`,
    '',
  ];
}

import type { RunResult } from '../model/index.js';
import { describeFailure } from './describe-failure.js';
import type { Reporter } from './reporter.js';
import { writeReport } from './write-report.js';

/** Writes `summary.md`, for a CI job summary: counts, then each rule that did not pass. */
export function markdownReporter(dir: string): Reporter {
  return {
    async onRunEnd(result: RunResult) {
      await writeReport(dir, 'summary.md', renderMarkdown(result));
    },
  };
}

export function renderMarkdown(result: RunResult): string {
  const s = result.summary;
  const lines = [
    `# graphcheck: ${result.target.baseUrl}`,
    '',
    `| passed | failed | skipped | error |`,
    `|---|---|---|---|`,
    `| ${s.passed} | ${s.failed} | ${s.skipped} | ${s.error} |`,
    '',
    `Seed ${result.seed}; target ${result.target.source}.`,
    '',
  ];
  const notPassed = result.results.filter((r) => r.verdict !== 'passed');
  if (notPassed.length) lines.push('| rule | strength | verdict | reason |', '|---|---|---|---|');
  for (const r of notPassed) {
    lines.push(`| \`${r.rule}\` | ${r.strength} | ${r.verdict} | ${(r.reason ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`);
  }
  for (const r of notPassed.filter((x) => x.verdict === 'failed' || x.verdict === 'error')) {
    lines.push('', `## ${r.rule}: ${r.title}`, '', '```', describeFailure(r), '```');
  }
  return `${lines.join('\n')}\n`;
}

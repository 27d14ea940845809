import type { RuleResult, RunResult } from '../model/index.js';
import { describeFailure } from './describe-failure.js';
import type { Reporter } from './reporter.js';
import { writeReport } from './write-report.js';

/** Writes `junit.xml`: one testsuite per suite, one testcase per rule, skipped ones with their reason. */
export function junitReporter(dir: string): Reporter {
  return {
    async onRunEnd(result: RunResult) {
      await writeReport(dir, 'junit.xml', renderJunit(result));
    },
  };
}

export function renderJunit(result: RunResult): string {
  const bySuite = new Map<string, RuleResult[]>();
  for (const r of result.results) bySuite.set(r.suite, [...(bySuite.get(r.suite) ?? []), r]);
  const suites = [...bySuite].map(([name, rules]) => {
    const count = (v: string) => rules.filter((r) => r.verdict === v).length;
    const time = rules.reduce((t, r) => t + r.durationMs, 0) / 1000;
    const cases = rules.map(renderCase).join('\n');
    return (
      `  <testsuite name="${esc(name)}" tests="${rules.length}" failures="${count('failed')}" errors="${count('error')}" ` +
      `skipped="${count('skipped')}" time="${time.toFixed(3)}">\n${cases}\n  </testsuite>`
    );
  });
  const s = result.summary;
  const total = s.passed + s.failed + s.skipped + s.error;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="graphcheck" tests="${total}" failures="${s.failed}" ` +
    `errors="${s.error}" skipped="${s.skipped}">\n${suites.join('\n')}\n</testsuites>\n`
  );
}

function renderCase(r: RuleResult): string {
  const open = `    <testcase classname="${esc(r.suite)}" name="${esc(`${r.rule} [${r.strength}] ${r.title}`)}" time="${(r.durationMs / 1000).toFixed(3)}"`;
  if (r.verdict === 'passed') return `${open}/>`;
  if (r.verdict === 'skipped') return `${open}>\n      <skipped message="${esc(r.reason ?? '')}"/>\n    </testcase>`;
  const tag = r.verdict === 'failed' ? 'failure' : 'error';
  return `${open}>\n      <${tag} message="${esc(r.reason ?? '')}">${esc(describeFailure(r))}</${tag}>\n    </testcase>`;
}

function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 does not allow at all: C0 controls but tab and line ends, U+FFFE and U+FFFF, and
    // surrogates not in a pair.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

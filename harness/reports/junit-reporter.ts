import type { RuleResult, RunResult } from '../model/index.js';
import { type Standing, standingOf } from '../verdict/gate.js';
import { describeFailure } from './describe-failure.js';

/**
 * A test-report view shows red exactly when the run fails: SHOULD failures (warnings) are passing testcases
 * that say WARN in a property and in `<system-out>`, known failures are skipped testcases naming the baseline;
 * under `--strict` SHOULD failures are `<failure>`s like MUST ones.
 */
export function renderJunit(result: RunResult): string {
  const gate = { strict: result.gate?.strict };
  const bySuite = new Map<string, RuleResult[]>();
  for (const r of result.results) bySuite.set(r.suite, [...(bySuite.get(r.suite) ?? []), r]);
  const totals = { tests: 0, failed: 0, error: 0, skipped: 0 };
  const suites = [...bySuite].map(([name, rules]) => {
    const standings = rules.map((r) => standingOf(r, gate));
    const count = (...of: Standing[]) => standings.filter((s) => of.includes(s)).length;
    const [failed, error, skipped] = [count('failed'), count('error'), count('skipped', 'known')];
    totals.tests += rules.length;
    totals.failed += failed;
    totals.error += error;
    totals.skipped += skipped;
    const time = rules.reduce((t, r) => t + r.durationMs, 0) / 1000;
    const cases = rules.map((r, i) => renderCase(r, standings[i]!)).join('\n');
    return (
      `  <testsuite name="${esc(name)}" tests="${rules.length}" failures="${failed}" errors="${error}" ` +
      `skipped="${skipped}" time="${time.toFixed(3)}">\n${cases}\n  </testsuite>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="graphcheck" tests="${totals.tests}" failures="${totals.failed}" ` +
    `errors="${totals.error}" skipped="${totals.skipped}">\n${suites.join('\n')}\n</testsuites>\n`
  );
}

function renderCase(r: RuleResult, standing: Standing): string {
  const open = `    <testcase classname="${esc(r.suite)}" name="${esc(`${r.rule} [${r.strength}] ${r.title}`)}" time="${(r.durationMs / 1000).toFixed(3)}"`;
  const property = `      <properties><property name="graphcheck.standing" value="${standing}"/></properties>\n`;
  switch (standing) {
    case 'passed':
      return `${open}/>`;
    case 'skipped':
      return `${open}>\n${property}      <skipped message="${esc(r.reason ?? '')}"/>\n    </testcase>`;
    case 'known':
      return `${open}>\n${property}      <skipped message="${esc(`known ${r.verdict} (baseline): ${r.known}`)}"/>\n    </testcase>`;
    case 'warned':
      return `${open}>\n${property}      <system-out>${esc(`WARN (SHOULD rule failed; --strict makes it a failure)\n${describeFailure(r)}`)}</system-out>\n    </testcase>`;
    case 'failed':
    case 'error': {
      const tag = standing === 'failed' ? 'failure' : 'error';
      return `${open}>\n${property}      <${tag} message="${esc(r.reason ?? '')}">${esc(describeFailure(r))}</${tag}>\n    </testcase>`;
    }
  }
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

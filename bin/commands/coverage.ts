import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { buildCoverage } from '../../harness/coverage/build-coverage.js';
import { countCoverage, countLine } from '../../harness/coverage/coverage-counts.js';
import type { CoverageMap } from '../../harness/coverage/coverage-map.js';
import { formatCoverageHtml, type RunVerdicts } from '../../harness/coverage/format-coverage-html.js';
import { formatCoverageMarkdown } from '../../harness/coverage/format-coverage-markdown.js';
import { coverageJson, formatCoverageText, formatUncovered } from '../../harness/coverage/format-coverage.js';
import { suiteJudges } from '../../harness/coverage/judges.js';
import { loadSuites } from '../../harness/suite-loading/load-suite.js';
import { UserInputError } from '../../harness/errors.js';
import { writeFileAtomically } from '../../harness/files/write-atomically.js';
import { readReportFile } from '../../harness/reports/read-shard-report.js';
import { verdictLine } from '../../harness/verdict/gate.js';
import type { Suite } from '../../harness/suite/suite.js';
import { loadConfig } from '../config-file.js';
import { HTML_FILE, SPEC_FILE } from '../coverage-files.js';

export { REASONS_FILE, SPEC_FILE } from '../coverage-files.js';

export interface CoverageFlags {
  spec?: string;
  readings?: string;
  reasons: string;
  suitesDir: string;
  json?: boolean;
  markdown?: boolean;
  /** `--html` alone is `true`: the page goes to HTML_FILE. */
  html?: boolean | string;
  report?: string;
  failOnUncovered?: boolean;
  config?: string;
}

/** The spec as documents name it: where it sits beside a checkout, whatever machine made them. */
export const SHOWN_SPEC = '../shared/spec/social-graph-interface.md';

/**
 * `cwd`: where `graphcheck.config.yaml` is looked for. The spec is found as `run` finds its profile: the flag, else
 * the config file (`spec:`, `readings:`), else the project's layout, `../shared/spec/` beside the graphcheck folder.
 */
export async function coverageCommand(given: CoverageFlags, print: (text: string) => void, cwd?: string): Promise<number> {
  const config = await loadConfig(given.config, cwd);
  const flags = { ...given, ...(given.spec ?? config.spec ? { spec: given.spec ?? config.spec } : {}), ...(given.readings ?? config.readings ? { readings: given.readings ?? config.readings } : {}) };
  if (!flags.spec) await assertSpecBeside();
  if ([flags.json, flags.markdown, flags.html].filter(Boolean).length > 1) {
    throw new UserInputError('USAGE', '--json, --markdown and --html: give one of them');
  }
  if (flags.report && !flags.html) throw new UserInputError('USAGE', '--report: give it with --html, whose page shows its verdicts');
  const spec = flags.spec ?? SPEC_FILE;
  const readings = flags.readings ?? join(dirname(spec), 'readings.md');
  const suites = await loadSuites(flags.suitesDir);
  const map = await buildCoverage({ spec, readings, reasons: flags.reasons }, suites);
  const shown = flags.spec ?? SHOWN_SPEC;
  if (flags.json) print(`${JSON.stringify(coverageJson(map, shown), null, 2)}\n`);
  else if (flags.markdown) print(formatCoverageMarkdown(map, shown));
  else if (flags.html) print(await writeHtml(map, shown, suites, flags.html, flags.report));
  else print(formatCoverageText(map));
  if (!flags.failOnUncovered || countCoverage(map.entries).uncovered === 0) return 0;
  if (!flags.json && !flags.markdown) print(`\nuncovered statements:\n${formatUncovered(map, resolve(spec) === resolve(SPEC_FILE) ? shown : spec)}`);
  return 1;
}

/** The default spec missing (a clone without `../shared` beside it): one line saying where else it may come from. */
async function assertSpecBeside(): Promise<void> {
  if (await stat(SPEC_FILE).then((s) => s.isFile(), () => false)) return;
  throw new UserInputError(
    'FILE_NOT_FOUND',
    `no spec at ${SPEC_FILE} (../shared/spec/ beside the graphcheck folder): give --spec FILE (social-graph-interface.md), or spec: in graphcheck.config.yaml`,
  );
}

/** Writes the page (a folder given gets HTML_FILE in it) and says where, with the totals. */
async function writeHtml(map: CoverageMap, spec: string, suites: Suite[], html: true | string, report?: string): Promise<string> {
  const given = html === true ? HTML_FILE : html;
  const file = (await stat(given).catch(() => undefined))?.isDirectory() ? join(given, HTML_FILE) : given;
  const run = report ? await runVerdicts(report) : undefined;
  const page = formatCoverageHtml(map, spec, suiteJudges(suites), run);
  await writeFileAtomically(file, 'the coverage page', page, {
    cannotWrite: (target, code) => new UserInputError('USAGE', `${target}: cannot write the coverage page (${code}): choose another --html file`),
  });
  return `wrote ${file}: ${countLine(countCoverage(map.entries))}\n`;
}

async function runVerdicts(file: string): Promise<RunVerdicts> {
  const fix = 'give --report the report.json a graphcheck run wrote (unchanged)';
  const result = await readReportFile(file, fix, fix);
  return { file, summary: verdictLine(result), verdicts: new Map(result.results.map((r) => [r.rule, r.verdict])) };
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { type CommandContext, processContext } from '../command-context.js';
import { UserInputError } from '../../harness/errors.js';
import type { RunResult } from '../../harness/model/index.js';
import { mergeResults } from '../../harness/reports/merge-results.js';
import { REPORT_FILES, reportersFor } from '../../harness/reports/reporters-for.js';
import { assertReportDir } from '../../harness/reports/write-report.js';
import { exitCodeFor, verdictLine } from '../../harness/run/gate.js';
import { REPORT_FORMATS } from '../../harness/run/run-plan.js';
import { loadSuites } from '../../harness/engine/load-suite.js';
import { SUITES_DIR } from '../../harness/suite/suites-dir.js';

interface MergeFlags {
  reportDir: string;
  suitesDir?: string;
}

/** `graphcheck merge-reports DIR...`: the shards of one run as one set of reports, with the run's exit code. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  program
    .command('merge-reports')
    .description('merge the report.json of each shard (--shard i/n) into one report.json, junit.xml, summary.md and report.html')
    .argument('<dir...>', 'report folders of the shards')
    .option('--report-dir <dir>', 'where the merged reports go', 'reports')
    .option('--suites-dir <dir>', 'folder of suite YAML files, for the order of rules (default: the shipped suites)')
    .action(async (dirs: string[], flags: MergeFlags) => {
      const paths = cx.paths(flags, ['reportDir', 'suitesDir']);
      cx.setExitCode(await mergeReportsCommand(dirs.map(cx.path), paths, (text) => cx.stdout(text)));
    });
}

export async function mergeReportsCommand(dirs: string[], flags: MergeFlags, print: (text: string) => void): Promise<number> {
  await assertReportDir(flags.reportDir);
  const reports = await Promise.all(dirs.map(readReport));
  const suites = await loadSuites(flags.suitesDir ?? SUITES_DIR);
  const merged = mergeResults(reports, dirs, suites.flatMap((s) => s.rules.map((r) => r.id)));
  for (const reporter of reportersFor(flags.reportDir, REPORT_FORMATS)) await reporter.onRunEnd?.(merged);
  print(`${verdictLine(merged)} (seed ${merged.seed}; ${dirs.length} reports merged)\n`);
  print(`reports: ${flags.reportDir}/${REPORT_FORMATS.map((f) => REPORT_FILES[f]).join(', ')}\n`);
  return exitCodeFor(merged);
}

async function readReport(dir: string): Promise<RunResult> {
  const file = join(dir, 'report.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read it (${code}); give the --report-dir of each shard's run`);
  }
  let report: Partial<RunResult>;
  try {
    report = JSON.parse(text) as Partial<RunResult>;
  } catch {
    throw new UserInputError('USAGE', `${file}: not JSON; give the report folder a graphcheck run wrote`);
  }
  if (report.tool?.name !== 'graphcheck' || !Array.isArray(report.results) || typeof report.seed !== 'number') {
    throw new UserInputError('USAGE', `${file}: not a graphcheck report.json (no tool, seed or results); give the report folder a graphcheck run wrote`);
  }
  return report as RunResult;
}

import type { Command } from 'commander';
import { mergeResults } from '../../harness/reports/merge-results.js';
import { outputEdge } from '../../harness/reports/output-edge.js';
import { readShardReport } from '../../harness/reports/read-shard-report.js';
import { REPORT_FILES, reportersFor } from '../../harness/reports/reporters-for.js';
import { assertReportDir } from '../../harness/reports/write-report.js';
import { exitCodeFor, verdictLine } from '../../harness/run/gate.js';
import { REPORT_FORMATS } from '../../harness/run/run-plan.js';
import { loadSuites } from '../../harness/engine/load-suite.js';
import { SUITES_DIR } from '../../harness/suite/suites-dir.js';

interface MergeFlags {
  reportDir: string;
  suitesDir?: string;
  showSecrets?: boolean;
}

/** `graphcheck merge-reports DIR...`: the shards of one run as one set of reports, with the run's exit code. */
export function register(program: Command): void {
  program
    .command('merge-reports')
    .description('merge the report.json of each shard (--shard i/n) into one report.json, junit.xml, summary.md and report.html')
    .argument('<dir...>', 'report folders of the shards')
    .option('--report-dir <dir>', 'where the merged reports go', 'reports')
    .option('--suites-dir <dir>', 'folder of suite YAML files, for the order of rules (default: the shipped suites)')
    .option('--show-secrets', 'keep the secrets the shards show (they are redacted by default, also those a shard kept)')
    .action(async (dirs: string[], flags: MergeFlags) => {
      process.exitCode = await mergeReportsCommand(dirs, flags, (text) => process.stdout.write(text));
    });
}

export async function mergeReportsCommand(dirs: string[], flags: MergeFlags, print: (text: string) => void): Promise<number> {
  await assertReportDir(flags.reportDir);
  // Every shard is read and validated before anything is merged or written.
  const reports = await Promise.all(dirs.map(readShardReport));
  const suites = await loadSuites(flags.suitesDir ?? SUITES_DIR);
  // A shard is a file someone else may have written: what the traffic in it shows is redacted everywhere (a shard
  // run with --show-secrets, a hand-made one), and its text made inert, as for a run.
  const edge = outputEdge({ values: [] }, { showSecrets: flags.showSecrets });
  const merged = edge.run(mergeResults(reports, dirs, suites.flatMap((s) => s.rules.map((r) => r.id))));
  for (const reporter of reportersFor(flags.reportDir, REPORT_FORMATS)) await reporter.onRunEnd?.(merged);
  const say = (text: string) => print(edge.line(text));
  say(`${verdictLine(merged)} (seed ${merged.seed}; ${dirs.length} reports merged)\n`);
  say(`reports: ${flags.reportDir}/${REPORT_FORMATS.map((f) => REPORT_FILES[f]).join(', ')}\n`);
  return exitCodeFor(merged);
}


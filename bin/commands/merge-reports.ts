import { join } from 'node:path';
import { UserInputError } from '../../harness/errors.js';
import type { RunResult } from '../../harness/model/index.js';
import { mergeResults } from '../../harness/reports/merge-results.js';
import { outputEdge } from '../../harness/reports/output-edge.js';
import { readShardReport } from '../../harness/reports/read-shard-report.js';
import { REPORT_FILES, writeReports } from '../../harness/reports/reporters-for.js';
import { assertReportDir } from '../../harness/reports/write-report.js';
import { exitCodeFor, verdictLine } from '../../harness/verdict/gate.js';
import { REPORT_FORMATS } from '../../harness/reports/report-files.js';
import { loadSuitesIndexed } from '../../harness/suite-loading/suite-index.js';
import { SUITES_DIR } from '../../harness/suite/suites-dir.js';
import { kitWordsOf } from '../../harness/run/kit-words.js';


export interface MergeFlags {
  reportDir: string;
  suitesDir?: string;
  showSecrets?: boolean;
}

export async function mergeReportsCommand(dirs: string[], flags: MergeFlags, print: (text: string) => void): Promise<number> {
  await assertReportDir(flags.reportDir, REPORT_FORMATS.map((f) => REPORT_FILES[f]));
  // Every shard is read and validated before anything is merged or written.
  const reports = await Promise.all(dirs.map(readShardReport));
  if (!flags.showSecrets) refuseShownSecrets(reports, dirs);
  const suites = await loadSuitesIndexed(flags.suitesDir ?? SUITES_DIR);
  // A shard is a file someone else may have written: what the traffic in it shows is redacted everywhere (a shard
  // run with --show-secrets, a hand-made one), in every field, graphcheck's own words kept (rule ids, its name), and
  // its text made inert, as for a run.
  const edge = outputEdge({ values: [] }, { showSecrets: flags.showSecrets, kitWords: kitWordsOf(suites), from: 'file' });
  const merged = edge.run(mergeResults(reports, dirs, suites.flatMap((s) => s.rules.map((r) => r.id))));
  await writeReports(flags.reportDir, REPORT_FORMATS, merged);
  const say = (text: string) => print(edge.shownLine(text));
  say(`${verdictLine(merged)} (seed ${merged.seed}; ${dirs.length} reports merged)\n`);
  say(`reports: ${flags.reportDir}/${REPORT_FORMATS.map((f) => REPORT_FILES[f]).join(', ')}\n`);
  return exitCodeFor(merged);
}


/**
 * A shard run with --show-secrets holds the run's secrets in clear, and merge cannot find them all: it knows no
 * profile, and the app secret shows in no traffic. It is merged only by a merge that shows secrets too, as asked.
 */
function refuseShownSecrets(reports: RunResult[], dirs: string[]): void {
  const at = reports.findIndex((report) => report.secretsShown);
  if (at === -1) return;
  throw new UserInputError(
    'USAGE',
    `${join(dirs[at]!, 'report.json')}: written with --show-secrets, so it holds the run's secrets in clear, and merge cannot tell them all (the app secret shows in no traffic): merge with --show-secrets, or run the shards without it`,
  );
}

import { RunEmitter } from './run-emitter.js';
import { loadSuitesIndexed } from '../suite-loading/suite-index.js';
import type { RunResult } from '../model/index.js';
import { REPORT_FILES } from '../reports/report-files.js';
import { assertReportDir } from '../reports/write-report.js';
import { assertSelection, leftOutLine } from '../suite/select-rules.js';
import type { Suite } from '../suite/suite.js';
import { assertBaselineWritable, type BaselineEntry, loadBaseline } from './baseline.js';
import { openSide } from './open-side.js';
import { ReportTail } from './report-tail.js';
import type { RunPlan } from './run-plan.js';
import type { Surroundings } from './side.js';

export interface Executed {
  /** The result as the reports show it: redacted unless `--show-secrets`, every string inert. */
  result: RunResult;
  exitCode: 0 | 1 | 3;
  /** The plan that ran: a repeat's carries the recorded seed, run count, prefix and selection. */
  plan: RunPlan;
}

/**
 * The one way through for every judging command (`run`, `webhook-test`, `check`): the suites and the selection
 * checked, the baseline read, then the side the plan names opened (a target, live, recorded or repeated; an app's
 * callback; recorded traffic), its rules judged, and the one reporting tail, which replaces the reports asked for
 * as one set at the end. Nothing in the report folder changes before then: a run that stops early (a user mistake,
 * a target out of reach) leaves the previous reports as they were.
 * User mistakes throw UserInputError before anything is sent; a side that cannot be reached at all,
 * CannotJudgeError; everything else is in the result.
 */
export async function execute(plan: RunPlan, around: Surroundings): Promise<Executed> {
  const { suites, entries } = await prepare(plan, around.suites);
  const side = await openSide(plan, around);
  try {
    const tail = new ReportTail(side.plan, side.secrets, around, entries, suites, new RunEmitter());
    tail.say(side.heading);
    const leftOut = plan.target.kind === 'traffic' ? undefined : leftOutLine(suites, side.plan.selection);
    if (leftOut) tail.say(`note: ${leftOut}\n`);
    const run = await side.judge(suites, tail.judging);
    return { ...(await tail.finish(run, suites)), plan: side.plan };
  } finally {
    await side.close();
  }
}

/** Everything that can be refused before a side is opened: report folder, suites, selection, baseline file. */
async function prepare(plan: RunPlan, loaded?: Suite[]): Promise<{ suites: Suite[]; entries: BaselineEntry[] }> {
  const { report } = plan;
  await assertReportDir(report.dir, report.formats.map((f) => REPORT_FILES[f]));
  const suites = loaded ?? (await loadSuitesIndexed(plan.suitesDir));
  assertSelection(suites, plan.selection, plan.suitesDir, plan.target.kind === 'traffic' ? PASSIVE : undefined);
  const ruleIds = suites.flatMap((s) => s.rules.map((r) => r.id));
  const entries = report.baseline && !report.updateBaseline ? await loadBaseline(report.baseline, ruleIds) : [];
  if (report.baseline && report.updateBaseline) await assertBaselineWritable(report.baseline);
  return { suites, entries };
}

/** Recorded traffic can judge only the rules that say how (`passive:`). */
const PASSIVE = {
  test: (rule: Suite['rules'][number]) => rule.passive !== undefined,
  why: 'no passive: block, so recorded traffic cannot judge it; graphcheck run judges it against a target',
};

import { openRun } from '../harness/engine/open-run.js';
import { runSuites } from '../harness/engine/run-suites.js';
import type { NotCheckable, RuleResult, RunResult } from '../harness/model/index.js';
import { profileSecrets } from '../harness/profile/profile.js';
import { consoleReporter } from '../harness/reports/console-reporter.js';
import { liveProgress } from '../harness/reports/live-progress.js';
import { outputEdge } from '../harness/reports/output-edge.js';
import { hideUserinfo } from '../harness/redaction/url-userinfo.js';
import { REPORT_FILES, reportersFor } from '../harness/reports/reporters-for.js';
import { assertReportDir, clearReports } from '../harness/reports/write-report.js';
import { assertBaselineWritable, type BaselineEntry, baselineMarker, loadBaseline, writeBaseline } from '../harness/run/baseline.js';
import { exitCodeFor, summarize } from '../harness/verdict/gate.js';
import { replayCommand, targetSource } from '../harness/run/replay-command.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { loadSuitesIndexed } from '../harness/engine/suite-index.js';
import { assertSelection, selectedRules } from '../harness/suite/select-rules.js';
import type { Suite } from '../harness/suite/suite.js';
import { openSession } from './run-session.js';

export interface RunOutput {
  /** Where lines go (the console reporter and progress). */
  print(text: string): void;
  /** The output is a terminal: progress is a live line. */
  tty?: boolean;
  /** Each rule's result as it ends (redacted, as reports show it). */
  onRuleEnd?(result: RuleResult): void;
  /** Where notices go (standard error): a repeat's requests its cassette could not answer. Default: stderr. */
  warn?(text: string): void;
}

/**
 * Runs a plan: the suites against its target, the reports it asks for; returns the result and the exit code.
 * `env`: what a profile file's `${ENV}` values read.
 */
export async function executePlan(plan: RunPlan, output: RunOutput, env: NodeJS.ProcessEnv = process.env): Promise<{ result: RunResult; exitCode: 0 | 1 | 3 }> {
  await assertReportDir(plan.report.dir);
  const suites = await loadSuitesIndexed(plan.suitesDir);
  assertSelection(suites, plan.selection, plan.suitesDir);
  const allIds = suites.flatMap((s) => s.rules.map((r) => r.id));
  const entries: BaselineEntry[] =
    plan.report.baseline && !plan.report.updateBaseline ? await loadBaseline(plan.report.baseline, allIds) : [];
  if (plan.report.baseline && plan.report.updateBaseline) await assertBaselineWritable(plan.report.baseline);
  await clearReports(plan.report.dir);
  const warn = output.warn;
  const session = await openSession(plan, { env, ...(warn ? { log: (line: string) => warn(`${line}\n`) } : {}) });
  try {
    const p = session.plan;
    const progress = liveProgress(output.print, { tty: output.tty ?? false, quiet: p.output.quiet });
    const secrets = { appSecret: session.target.profile.app.secret, values: profileSecrets(session.target.profile) };
    // Every line printed and every report written passes the one edge: secrets out (unless --show-secrets), the
    // target's text inert; results are cut to the bodies reports keep.
    const edge = outputEdge(secrets, { showSecrets: p.showSecrets });
    const say = (text: string) => progress.write(edge.line(text));
    say(`graphcheck: ${hideUserinfo(session.target.profile.base_url)} (seed ${p.seed})\n`);
    const run = await openRun({
      profile: session.profile,
      origins: session.origins,
      timeoutMs: p.timeoutMs,
      seed: p.seed,
      runs: p.runs,
      // A given --runs raises every property rule to at least that many runs; a repeat runs what it recorded.
      ...(p.runsGiven && p.target.kind !== 'cassette' ? { runsFloor: p.runs } : {}),
      versionPrefix: p.versionPrefix,
      replayCommand: (id) => replayCommand(p, id),
      targetSource: targetSource(p.target),
      ...(p.caDir ? { caDir: p.caDir } : {}),
      ...(session.host ? { host: session.host } : {}),
      ...(session.unissuedToken ? { unissuedToken: session.unissuedToken } : {}),
      ...(session.webhooks?.recording ? { recording: session.webhooks.recording } : {}),
      ...(session.webhooks?.replay ? { replay: session.webhooks.replay } : {}),
    });
    const consoleOut = consoleReporter(say, { ...p.output, strict: p.report.strict });
    let baseline = baselineMarker(entries);
    let shown: RuleResult[] = [];
    let raw: RunResult;
    try {
      raw = await runSuites(suites, p.selection, run.ctx, {
        onRunStart: (total) => progress.onRunStart(total),
        onRuleStart: (rule, index) => {
          session.ruleStarted(rule.id);
          progress.onRuleStart(rule.id, index);
        },
        onRuleEnd: (r) => {
          progress.onRuleEnd();
          const rule = baseline.mark(edge.rule(r));
          shown.push(rule);
          consoleOut.onRuleEnd?.(rule);
          output.onRuleEnd?.(rule);
        },
      });
      await session.finish(run.ctx, raw.results.map((r) => r.rule));
    } finally {
      progress.stop();
      await run.close();
    }
    if (plan.report.updateBaseline && plan.report.baseline) {
      // The run was not marked while it went on (the old file is being replaced): mark it with what was written.
      const written = await writeBaseline(plan.report.baseline, shown, `graphcheck baseline written by --update-baseline (seed ${p.seed})`);
      baseline = baselineMarker(written);
      shown = shown.map((r) => baseline.mark(r));
      say(`baseline: ${written.length} entr${written.length === 1 ? 'y' : 'ies'} written to ${plan.report.baseline}\n`);
    }
    const result: RunResult = edge.run({
      ...raw,
      results: shown,
      summary: summarize(shown, { strict: p.report.strict }),
      gate: {
        strict: p.report.strict,
        allowStale: p.report.allowStale,
        ...(plan.report.baseline ? { baseline: { file: plan.report.baseline, entries: baseline.outcomes() } } : {}),
      },
      ...(p.selection.shard ? { shard: p.selection.shard } : {}),
      notCheckable: notCheckableOf(suites, selectedRules(suites, p.selection).map((x) => x.suite)),
    });
    consoleOut.onRunEnd?.(result);
    for (const reporter of reportersFor(p.report.dir, p.report.formats)) await reporter.onRunEnd?.(result);
    say(`reports: ${p.report.dir}/${p.report.formats.map((f) => REPORT_FILES[f]).join(', ')}\n`);
    return { result, exitCode: exitCodeFor(result) };
  } finally {
    await session.close();
  }
}

/** The `not_checkable` lists of the suites the run touched. */
function notCheckableOf(suites: Suite[], touched: Suite[]): NotCheckable[] {
  return suites
    .filter((s) => touched.includes(s))
    .flatMap((s) => (s.not_checkable ?? []).map((n) => ({ suite: s.suite, what: n.what, cites: n.cites, why: n.why })));
}

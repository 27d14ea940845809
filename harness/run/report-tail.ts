import type { RunEvents } from '../engine/run-suites.js';
import type { NotCheckable, RuleResult, RunResult } from '../model/index.js';
import { consoleReporter } from '../reports/console-reporter.js';
import { liveProgress } from '../reports/live-progress.js';
import { type OutputEdge, outputEdge, type ReportSecrets } from '../reports/output-edge.js';
import { REPORT_FILES, reportersFor } from '../reports/reporters-for.js';
import type { Suite } from '../suite/suite.js';
import { exitCodeFor, summarize } from '../verdict/gate.js';
import { type BaselineEntry, baselineMarker, writeBaseline } from './baseline.js';
import type { RunPlan } from './run-plan.js';

/** Where a command's output goes and what it reads around it (the CLI's io, or a library caller's). */
export interface Output {
  /** Console lines (progress, a line per rule, the account at the end). */
  print(text: string): void;
  /** The output is a terminal: progress is a live line. */
  tty?: boolean;
  /** Each rule's result as it ends (redacted, as the reports show it). */
  onRuleEnd?(result: RuleResult): void;
}

/** What a side judging rules is handed: the one edge, the console, and the events that end in the reports. */
export interface JudgingOutput {
  edge: OutputEdge;
  /** A line printed above the progress, through the edge. */
  say(text: string): void;
  /** Progress and a line per rule; `onRuleStart` adds what the side itself must hear as each rule starts. */
  events(onRuleStart?: (ruleId: string) => void): RunEvents;
  /** No more progress (before anything after the rules is printed). */
  stop(): void;
}

/**
 * The one reporting tail of `run`, `webhook-test` and `check`: every line and result through the output edge
 * (secrets out unless `--show-secrets`, text from others inert, bodies cut to what reports keep), the baseline
 * marking each rule as it ends (and rewritten under `--update-baseline`), the console, the report files, the
 * gate and the exit code. `secrets`: what the side knows to hide before any traffic.
 */
export function reportTail(plan: RunPlan, secrets: ReportSecrets, output: Output, entries: BaselineEntry[]) {
  const progress = liveProgress(output.print, { tty: output.tty ?? false, quiet: plan.output.quiet });
  const edge = outputEdge(secrets, { showSecrets: plan.showSecrets });
  const say = (text: string) => progress.write(edge.line(text));
  const traffic = plan.target.kind === 'traffic';
  const consoleOut = consoleReporter(say, { ...plan.output, strict: plan.report.strict, traffic });
  let baseline = baselineMarker(entries);
  let shown: RuleResult[] = [];
  const judging: JudgingOutput = {
    edge,
    say,
    stop: () => progress.stop(),
    events: (onRuleStart) => ({
      onRunStart: (total) => progress.onRunStart(total),
      onRuleStart: (rule, index) => {
        onRuleStart?.(rule.id);
        progress.onRuleStart(rule.id, index);
      },
      onRuleEnd: (r) => {
        progress.onRuleEnd();
        const rule = baseline.mark(edge.rule(r));
        shown.push(rule);
        consoleOut.onRuleEnd?.(rule);
        output.onRuleEnd?.(rule);
      },
    }),
  };

  /** After the rules: the baseline rewritten if asked, the result as shown, the console's account, the files. */
  async function finish(raw: RunResult, suites: Suite[]): Promise<{ result: RunResult; exitCode: 0 | 1 | 3 }> {
    const { report } = plan;
    if (report.updateBaseline && report.baseline) {
      // The run was not marked while it went on (the old file is being replaced): mark it with what was written.
      const written = await writeBaseline(report.baseline, shown, `graphcheck baseline written by --update-baseline (seed ${plan.seed})`);
      baseline = baselineMarker(written);
      shown = shown.map((r) => baseline.mark(r));
      say(`baseline: ${written.length} entr${written.length === 1 ? 'y' : 'ies'} written to ${report.baseline}\n`);
    }
    const result: RunResult = edge.run({
      ...raw,
      results: shown,
      summary: summarize(shown, { strict: report.strict }),
      gate: {
        strict: report.strict,
        allowStale: report.allowStale,
        ...(report.baseline ? { baseline: { file: report.baseline, entries: baseline.outcomes() } } : {}),
      },
      ...(plan.selection.shard ? { shard: plan.selection.shard } : {}),
      notCheckable: notCheckableOf(suites, new Set(shown.map((r) => r.suite))),
    });
    consoleOut.onRunEnd?.(result);
    for (const reporter of reportersFor(report.dir, report.formats)) await reporter.onRunEnd?.(result);
    say(`reports: ${report.dir}/${report.formats.map((f) => REPORT_FILES[f]).join(', ')}\n`);
    return { result, exitCode: exitCodeFor(result) };
  }

  return { judging, say, finish };
}

/** The `not_checkable` lists of the suites the run touched. */
function notCheckableOf(suites: Suite[], touched: Set<string>): NotCheckable[] {
  return suites
    .filter((s) => touched.has(s.suite))
    .flatMap((s) => (s.not_checkable ?? []).map((n) => ({ suite: s.suite, what: n.what, cites: n.cites, why: n.why })));
}

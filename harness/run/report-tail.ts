import type { RunEmitter } from './run-emitter.js';
import type { NotCheckable, RuleResult, RulesRun, RunResult } from '../model/index.js';
import { consoleReporter } from '../reports/console-reporter.js';
import { liveProgress } from '../reports/live-progress.js';
import { type OutputEdge, outputEdge, type ReportSecrets } from '../reports/output-edge.js';
import type { Reporter } from '../reports/reporter.js';
import { REPORT_FILES, writeReports } from '../reports/reporters-for.js';
import type { Suite } from '../suite/suite.js';
import { exitCodeFor } from '../verdict/gate.js';
import { runResult } from '../verdict/rule-result.js';
import { type BaselineEntry, baselineMarker, writeBaseline } from './baseline.js';
import { kitWordsOf } from './kit-words.js';
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

/** What a side judging rules is handed: the one edge, the console, and the run's one event stream. */
export interface JudgingOutput {
  edge: OutputEdge;
  /** A line printed above the progress, through the edge. */
  say(text: string): void;
  /**
   * The run's events: the side emits on it (the engine through `events.hooks`, rate-limit waits as `wait`) and
   * subscribes what it must hear itself (the recording layer, each rule's start).
   */
  events: RunEmitter;
  /** No more progress (before anything after the rules is printed). */
  stop(): void;
}

/**
 * The one reporting tail of `run`, `webhook-test` and `check`: every line and result through the output edge
 * (secrets out unless `--show-secrets`, text from others inert, bodies cut to what reports keep), the baseline
 * marking each rule as it ends (and rewritten under `--update-baseline`), the console, the report files, the
 * gate and the exit code; the run's result is built here, once. `secrets`: what the side knows to hide before any
 * traffic. The progress line, the console and the library's `onRuleEnd` hear the run on its one event stream.
 */
export class ReportTail {
  readonly edge: OutputEdge;
  private readonly progress: ReturnType<typeof liveProgress>;
  private readonly consoleOut: Reporter;
  private baseline: ReturnType<typeof baselineMarker>;
  private shown: RuleResult[] = [];

  constructor(
    private readonly plan: RunPlan,
    secrets: ReportSecrets,
    private readonly output: Output,
    entries: BaselineEntry[],
    suites: Suite[],
    private readonly events: RunEmitter,
  ) {
    this.progress = liveProgress(output.print, { tty: output.tty ?? false, quiet: plan.output.quiet });
    this.edge = outputEdge(secrets, { showSecrets: plan.showSecrets, kitWords: kitWordsOf(suites, plan) });
    const traffic = plan.target.kind === 'traffic';
    // Its lines are made of what the edge showed already (each rule's result, the run's): they are not redacted twice.
    const shown = (text: string) => this.progress.write(this.edge.shownLine(text));
    this.consoleOut = consoleReporter(shown, { ...plan.output, strict: plan.report.strict, traffic });
    this.baseline = baselineMarker(entries);
    this.listen(output);
  }

  /** A line printed above the progress, through the edge. */
  readonly say = (text: string): void => this.progress.write(this.edge.line(text));

  /** What the side judging the rules is handed. */
  get judging(): JudgingOutput {
    return {
      edge: this.edge,
      say: this.say,
      stop: () => this.progress.stop(),
      events: this.events,
    };
  }

  /** After the rules: the baseline rewritten if asked, the result as shown, the console's account, the files. */
  async finish(run: RulesRun, suites: Suite[]): Promise<{ result: RunResult; exitCode: 0 | 1 | 3 }> {
    const { report } = this.plan;
    if (report.updateBaseline && report.baseline) await this.rewriteBaseline(report.baseline);
    const result = this.shownResult(run, suites);
    this.events.emit('runEnd', result);
    await writeReports(report.dir, report.formats, result);
    this.progress.write(this.edge.shownLine(`reports: ${report.dir}/${report.formats.map((f) => REPORT_FILES[f]).join(', ')}\n`));
    return { result, exitCode: exitCodeFor(result) };
  }

  /**
   * The tail's own listeners, first on the stream: the progress line; each result through the edge and the
   * baseline's mark, then out again as shown, for the console and the library's `onRuleEnd`.
   */
  private listen(output: Output): void {
    const { progress, events } = this;
    events
      .on('runStart', ({ total }) => progress.onRunStart(total))
      .on('ruleStart', ({ rule, index }) => progress.onRuleStart(rule.id, index))
      .on('ruleFinish', ({ rule }) => progress.onRuleEnd(rule.id))
      .on('wait', ({ answer, waitedMs }) => progress.onWait(this.edge.line(`waiting ${(waitedMs / 1000).toFixed(1)} s: rate limited, ${answer}`), waitedMs))
      .on('ruleEnd', (r) => {
        progress.onRuleEnd(r.rule);
        const shown = this.baseline.mark(this.edge.rule(r));
        this.shown.push(shown);
        events.emit('ruleShown', shown);
      })
      .on('ruleShown', (r) => this.consoleOut.onRuleEnd?.(r))
      .on('runEnd', (result) => void this.consoleOut.onRunEnd?.(result));
    if (output.onRuleEnd) events.on('ruleShown', output.onRuleEnd);
  }

  /** The run was not marked while it went on (the old file is being replaced): it is marked with what was written. */
  private async rewriteBaseline(file: string): Promise<void> {
    const written = await writeBaseline(file, this.shown, `graphcheck baseline written by --update-baseline (seed ${this.plan.seed})`);
    this.baseline = baselineMarker(written);
    this.shown = this.shown.map((r) => this.baseline.mark(r));
    this.progress.write(this.edge.shownLine(`baseline: ${written.length} entr${written.length === 1 ? 'y' : 'ies'} written to ${file}\n`));
  }

  /** The run's result, built once as every report shows it: the results as shown, counted, gated, through the edge. */
  private shownResult(run: RulesRun, suites: Suite[]): RunResult {
    const { report, selection } = this.plan;
    const { shown } = this;
    return this.edge.run({
      ...runResult({ ...run, results: shown }, this.plan.seed, { strict: report.strict }),
      gate: {
        strict: report.strict,
        allowStale: report.allowStale,
        ...(report.baseline ? { baseline: { file: report.baseline, entries: this.baseline.outcomes() } } : {}),
      },
      ...(selection.shard ? { shard: selection.shard } : {}),
      notCheckable: notCheckableOf(suites, new Set(shown.map((r) => r.suite))),
      ...(this.plan.showSecrets ? { secretsShown: true as const } : {}),
    });
  }
}

/** The `not_checkable` lists of the suites the run touched. */
function notCheckableOf(suites: Suite[], touched: Set<string>): NotCheckable[] {
  return suites
    .filter((s) => touched.has(s.suite))
    .flatMap((s) => (s.not_checkable ?? []).map((n) => ({ suite: s.suite, what: n.what, cites: n.cites, why: n.why })));
}

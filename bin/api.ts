/**
 * graphcheck's programmatic API: `import { run } from 'graphcheck'`. The same plan, run and reports as the
 * command line, with options instead of flags; user mistakes throw `UserInputError` (a `code` to test), a run
 * that could not start at all `CannotJudgeError`.
 */
import { needsOf } from '../harness/engine/needs.js';
import type { RuleResult, RunResult } from '../harness/model/index.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { loadSuites } from '../harness/engine/load-suite.js';
import { endpointsOf } from '../harness/suite/rule-endpoints.js';
import { assertSelection, selectedRules } from '../harness/suite/select-rules.js';
import type { RuleSide } from '../harness/suite/suite.js';
import { type ConfigValues, loadConfig } from './config-file.js';
import { executePlan } from './execute-plan.js';
import { planFromFlags, type RunFlags } from './plan-from-flags.js';

export { CannotJudgeError, GraphcheckError, UserInputError } from '../harness/errors.js';
export type { Exchange, Finding, RuleResult, RunResult, RunSummary, Verdict } from '../harness/model/index.js';
export type { RunPlan } from '../harness/run/run-plan.js';
export { exitCodeFor, summarize } from '../harness/run/gate.js';

/** What the flags of `graphcheck run` say, as values. Absent values come from the config file, then the defaults. */
export interface RunOptions {
  /** Base URL of the implementation; absent (with no profile): the embedded reference target. */
  target?: string;
  profile?: string;
  /** Embedded reference only: fault switches. */
  faults?: string[];
  suites?: string[];
  rules?: string[];
  exclude?: string[];
  endpoints?: string[];
  /** `2/3`. */
  shard?: string;
  seed?: number;
  runs?: number;
  timeoutMs?: number;
  versionPrefix?: string;
  suitesDir?: string;
  /** Default `reports`. */
  reportDir?: string;
  formats?: ('json' | 'junit' | 'markdown' | 'html')[];
  baseline?: string;
  allowStale?: boolean;
  updateBaseline?: boolean;
  strict?: boolean;
  caDir?: string;
  /** Origins requests and tokens may go to besides the profile's own (`--allow-origin`). */
  allowOrigins?: string[];
  /** Where the run's receiver and content host listen, over the profile's `receiver_host` (`--receiver-host`). */
  receiverHost?: string;
  showSecrets?: boolean;
  /** A config file; default: `graphcheck.config.yaml` in the working folder, if there is one. */
  config?: string;
  /** Where the console lines go; default: nowhere. */
  print?: (text: string) => void;
  /** Each rule's result as it ends (redacted, as the reports show it). */
  onRuleEnd?: (result: RuleResult) => void;
}

/** Runs the suites and writes the reports, as `graphcheck run` does; resolves with the result and the exit code. */
export async function run(options: RunOptions = {}): Promise<{ result: RunResult; exitCode: 0 | 1 | 3; plan: RunPlan }> {
  const plan = planFromFlags(flagsOf(options), await loadConfig(options.config));
  const { result, exitCode } = await executePlan(plan, { print: options.print ?? (() => {}), ...(options.onRuleEnd ? { onRuleEnd: options.onRuleEnd } : {}) });
  return { result, exitCode, plan };
}

/** One rule as `graphcheck list --json` shows it. */
export interface ListedRule {
  id: string;
  strength: 'MUST' | 'SHOULD';
  suite: string;
  title: string;
  endpoints: string[];
  needs: ReturnType<typeof needsOf>;
}

/**
 * The rules a run with the same selection would run; with `side`, the rules of that side instead (`client`: what
 * `check --side client` judges, `callback`: what `webhook-test` runs).
 */
export async function listRules(
  options: Pick<RunOptions, 'suites' | 'rules' | 'exclude' | 'endpoints' | 'shard' | 'suitesDir' | 'config'> & { side?: RuleSide } = {},
): Promise<ListedRule[]> {
  const config: ConfigValues = await loadConfig(options.config);
  const planned = planFromFlags(flagsOf(options), config);
  const plan = options.side ? { ...planned, selection: { ...planned.selection, side: options.side } } : planned;
  const suites = await loadSuites(plan.suitesDir);
  assertSelection(suites, plan.selection, plan.suitesDir);
  return selectedRules(suites, plan.selection).map(({ suite, rule }) => ({
    id: rule.id,
    strength: rule.strength,
    suite: suite.suite,
    title: rule.title,
    endpoints: endpointsOf(rule),
    needs: needsOf(rule),
  }));
}

function flagsOf(o: RunOptions): RunFlags {
  const text = (n: number | undefined) => (n === undefined ? undefined : String(n));
  const flags: RunFlags = {
    target: o.target,
    profile: o.profile,
    fault: o.faults,
    suite: o.suites,
    rule: o.rules,
    exclude: o.exclude,
    endpoint: o.endpoints,
    shard: o.shard,
    seed: text(o.seed),
    runs: text(o.runs),
    timeout: text(o.timeoutMs),
    versionPrefix: o.versionPrefix,
    suitesDir: o.suitesDir,
    reportDir: o.reportDir,
    format: o.formats,
    baseline: o.baseline,
    allowStale: o.allowStale,
    updateBaseline: o.updateBaseline,
    strict: o.strict,
    caDir: o.caDir,
    allowOrigin: o.allowOrigins,
    receiverHost: o.receiverHost,
    showSecrets: o.showSecrets,
  };
  return Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) as RunFlags;
}

import type { RuleNeeds } from '../harness/preflight/rule-needs.js';
import { type IndexedSuites, loadSuitesIndexed, readSuiteIndex } from '../harness/suite-loading/suite-index.js';
import { casesOfRule, type ListedCase } from '../harness/suite/rule-cases.js';
import { dependenciesOf } from '../harness/preflight/areas.js';
import { propertyRuns } from '../harness/generators/property-runs.js';
import { describeBranches } from '../harness/generators/branch-summary.js';
import { endpointsOf } from '../harness/suite/rule-endpoints.js';
import { assertSelection, leftOutLine, selectedRules } from '../harness/suite/select-rules.js';
import type { RuleSide } from '../harness/suite/suite.js';
import { type ConfigValues, loadConfig } from './config-file.js';
import { planOf } from '../harness/run/plan-of.js';
import type { RunOptions } from './api-options.js';

/** One rule as `graphcheck list --json` shows it. */
export interface ListedRule {
  id: string;
  strength: 'MUST' | 'SHOULD';
  suite: string;
  title: string;
  endpoints: string[];
  needs: RuleNeeds;
  /** A sweep's cases (its `cases:` steps), each with the spec's words that make it one; absent for other rules. */
  cases?: ListedCase[];
  /** The values of its generated choices every seed tries before drawing at random; absent without choices. */
  branches?: string;
  /**
   * The endpoints of other areas the rule needs to set up what it judges (a post to comment on): each entry the
   * endpoints any one of which will do (several for a step with alternatives).
   */
  dependencies: string[][];
}

/**
 * The rules a run with the same selection would run; with `side`, the rules of that side instead (`client`: what
 * `check --side client` judges, `callback`: what `webhook-test` runs).
 */
export async function listRules(options: ListOptions = {}, cwd?: string): Promise<ListedRule[]> {
  return (await listing(options, cwd)).rules;
}

/** What `list` selects, as `listRules`, and the line saying which rules on the same endpoints it leaves out. */
export async function listing(
  options: ListOptions = {},
  /** Where `graphcheck.config.yaml` is looked for (default: the working folder). */
  cwd?: string,
): Promise<{ rules: ListedRule[]; leftOut?: string }> {
  const config: ConfigValues = await loadConfig(options.config, cwd);
  const { suites: named, rules: ids, exclude, endpoints, areas, shard, suitesDir } = options;
  const planned = planOf(defined({ suites: named, rules: ids, exclude, endpoints, areas, shard, suitesDir }), config);
  const plan = options.side ? { ...planned, selection: { ...planned.selection, side: options.side } } : planned;
  const { suites, needsOf } = (await readSuiteIndex(plan.suitesDir)) ?? (await loaded(plan.suitesDir));
  assertSelection(suites, plan.selection, plan.suitesDir);
  const leftOut = leftOutLine(suites, plan.selection);
  const rules = selectedRules(suites, plan.selection).map(({ suite, rule }) => {
    const cases = casesOfRule(rule);
    const branches = describeBranches(rule.given, propertyRuns(rule, { runs: 20 }).runs);
    return {
      id: rule.id,
      strength: rule.strength,
      suite: suite.suite,
      title: rule.title,
      endpoints: endpointsOf(rule),
      needs: needsOf(rule),
      dependencies: dependenciesOf(rule),
      ...(cases.length ? { cases } : {}),
      ...(branches ? { branches } : {}),
    };
  });
  return { rules, ...(leftOut ? { leftOut } : {}) };
}

export type ListOptions = Pick<RunOptions, 'suites' | 'rules' | 'exclude' | 'endpoints' | 'areas' | 'shard' | 'suitesDir' | 'config'> & { side?: RuleSide };

/**
 * Without the build's index (the sources, or suites changed since): loaded and validated once per process (from the
 * sources, once per set of files: `loadSuitesIndexed`), needs from the steps.
 */
async function loaded(dir: string): Promise<IndexedSuites> {
  const { needsOf } = await import('../harness/engine/needs.js');
  return { suites: await loadSuitesIndexed(dir), needsOf };
}

/** Absent options stay absent, so the config file and the defaults decide them. */
function defined<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;
}

import type { RuleResult } from '../harness/model/index.js';
import type { CallbackOptions, PlanOptions, TrafficOptions } from '../harness/run/plan-options.js';

/** What every judging call may say of its output, as `run`, `webhook-test` and `check` flags do. */
export interface OutputOptions {
  /** Default `reports`. */
  reportDir?: string;
  /** Keep tokens, secrets and codes in reports (redacted by default). */
  showSecrets?: boolean;
  /** Where the console lines go; default: nowhere. */
  print?: (text: string) => void;
  /** Each rule's result as it ends (redacted, as the reports show it). */
  onRuleEnd?: (result: RuleResult) => void;
}

/**
 * What the flags of `graphcheck run` say, as typed values (`planOf` checks them and names a wrong one: `seed`).
 * Absent values come from the config file, then the defaults.
 */
export interface RunOptions extends OutputOptions, Omit<PlanOptions, 'quiet' | 'verbose' | 'record' | 'cassette' | 'secrets'> {
  /** A config file; default: `graphcheck.config.yaml` in the working folder, if there is one. */
  config?: string;
}

/** What the flags of `graphcheck webhook-test` say, as values (the callback, its secrets and CA files as the flags). */
export interface WebhookTestOptions extends Omit<OutputOptions, 'showSecrets'>, Omit<CallbackOptions, 'quiet' | 'verbose'> {}

/** What the flags of `graphcheck check` say, as values (the traffic, the side and the profile as the flags). */
export interface CheckOptions extends OutputOptions, Omit<TrafficOptions, 'verbose'> {}

/** The options `planOf` reads: the output's own (where lines go, each rule's result) left out. */
export function planOptions<T extends OutputOptions>(options: T): Omit<T, 'print' | 'onRuleEnd'> {
  const { print: _print, onRuleEnd: _onRuleEnd, ...rest } = options;
  return rest;
}

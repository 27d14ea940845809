import type { Rule } from '../suite/suite.js';
import type { Step } from '../suite/step.js';
import { stepKind } from '../suite/step.js';
import { propertyRuns } from '../generators/property-runs.js';
import type { CasesBody } from './steps/cases-step.js';

/** What a `repeat:` with a templated count is taken to send. */
const TEMPLATED_REPEAT = 5;

/** What a `fill:` is taken to send: one item past a page of 25 (a common default size) and its looks at the list. */
const FILL = 28;

/**
 * About how many requests a shared rule sends one after the other: the requests of one run, times the runs each
 * slot would carry if the rule had all of them (its property runs spread over free slots). Only an order: the
 * scheduler starts the longest first, so a long chain (a sweep's cases, sent in turn) does not start last and hold
 * the run's end while the other slots idle.
 */
export function serialLength(rule: Rule, run: { runs: number; runsFloor?: number; concurrency?: number }): number {
  const perRun = rule.steps.reduce((n, step) => n + requestsOf(step), 0);
  // A sequence rule runs its sequences one after the other: each its setup, about half its longest sequence of
  // operations, and its final reads.
  if (rule.sequence) return (perRun + (rule.sequence.max_operations ?? 10) / 2 + (rule.sequence.finally?.length ?? 0)) * propertyRuns(rule, run).runs;
  if (!rule.given) return perRun;
  return perRun * Math.ceil(propertyRuns(rule, run).runs / Math.max(1, run.concurrency ?? 1));
}

function requestsOf(step: Step): number {
  const { name, body } = stepKind(step);
  if (name === 'cases') {
    return (body as CasesBody).groups.reduce((n, g) => n + g.cases.length + (g.control === false ? 0 : 1), 0);
  }
  if (name === 'fill') return FILL;
  if (name === 'repeat') {
    const count = Number((body as { count: unknown }).count);
    return Number.isFinite(count) ? count : TEMPLATED_REPEAT;
  }
  return 1;
}

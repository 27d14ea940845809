import type { Expectation, Step } from './step.js';
import { expressionsIn } from './template.js';

/**
 * Whether the step at `index` sets up what later steps judge (a post to comment on, a photo to list): its failure
 * leaves the rule unjudged (`error`), since the rule's own statement was never reached. Declared with `setup:`;
 * otherwise a step is setup when its expectations are only `ok`, it has no control nor assumption, and it
 * captures a name a later step reads. Anything else judges: a step carrying the rule's cited check never hides
 * behind this.
 */
export function isSetupStep(steps: readonly Step[], index: number): boolean {
  const step = steps[index]!;
  if (step.setup !== undefined) return step.setup;
  const expectations = step.expect ?? [];
  if (expectations.length === 0 || step.control || step.assume?.length) return false;
  if (!expectations.every((e) => expectationName(e) === 'ok')) return false;
  const names = Object.keys(step.capture ?? {});
  const later = expressionsIn(steps.slice(index + 1));
  return names.some((name) => later.some((expr) => new RegExp(`\\bcaptured\\.${name}\\b`).test(expr)));
}

/** What the rule needed a setup step for, in words: its note, else the names it captured for the later steps. */
export function setupPurpose(step: Step): string {
  const names = Object.keys(step.capture ?? {}).map((name) => `\`${name}\``);
  const captured = names.length ? ` (${names.join(', ')})` : '';
  if (step.note) return `${step.note}${captured}`;
  return names.length ? `${names.join(', ')}, which the later steps use` : 'what its later steps judge';
}

/** The check an expectation names: `ok`, or the key of `{ error: { code: 100 } }`. */
export function expectationName(expectation: Expectation): string {
  return typeof expectation === 'string' ? expectation : (Object.keys(expectation)[0] ?? '');
}

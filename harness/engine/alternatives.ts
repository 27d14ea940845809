import type { Rule } from '../suite/suite.js';
import { alternativesOf, type Step } from '../suite/step.js';
import { endpointsOfSteps } from '../suite/rule-endpoints.js';
import { missingNeed } from '../preflight/rule-needs.js';
import { needsOf, runFacts } from './needs.js';
import type { RunContext } from './run-context.js';

/**
 * A rule as one run takes it, with the alternatives it takes other than the first (`POST /{page_id}/photos instead
 * of POST /{page_id}/feed`), or why none of a `one_of` step's alternatives can run there.
 */
export type RuleAsRun = { rule: Rule; detours: string[] } | { skipped: string };

/**
 * The rule as this run takes it: each `one_of` step replaced by its first alternative the run allows (the profile
 * gives what it needs, and the target serves its endpoints), keeping the `one_of` step's note and setup. The same
 * rule object when it has no `one_of` step. Alternatives are tried in the suite's order, so a target that serves
 * them all always meets the first.
 */
export function ruleAsRun(rule: Rule, ctx: RunContext): RuleAsRun {
  if (!rule.steps.some((step) => alternativesOf(step))) return { rule, detours: [] };
  const steps: Step[] = [];
  const detours: string[] = [];
  for (const step of rule.steps) {
    const alternatives = alternativesOf(step);
    if (!alternatives) {
      steps.push(step);
      continue;
    }
    const reasons = alternatives.map((alternative) => whyNot(rule, alternative, ctx));
    const chosen = reasons.findIndex((reason) => reason === undefined);
    if (chosen === -1) {
      const each = alternatives.map((alternative, i) => `${describe(alternative)}: ${reasons[i]}`);
      return { skipped: `needs one of ${alternatives.length} ways to make ${what(step)}, and none can run here (${each.join('; ')})` };
    }
    steps.push(withOneOfKeys(alternatives[chosen]!, step));
    if (chosen > 0) detours.push(`${describe(alternatives[chosen]!)} instead of ${describe(alternatives[0]!)}`);
  }
  return { rule: { ...rule, steps }, detours };
}

/** Why an alternative cannot run in this run: a need the profile lacks, or an area the target does not serve. */
function whyNot(rule: Rule, alternative: Step, ctx: RunContext): string | undefined {
  if (!ctx.target) return undefined;
  const alone: Rule = { id: rule.id, title: rule.title, strength: rule.strength, cites: [], steps: [alternative] };
  return missingNeed(alone, needsOf(alone), ctx.target.profile, runFacts(ctx.target));
}

function withOneOfKeys(alternative: Step, oneOf: Step): Step {
  return {
    ...alternative,
    ...(oneOf.note && !alternative.note ? { note: oneOf.note } : {}),
    ...(oneOf.setup !== undefined && alternative.setup === undefined ? { setup: oneOf.setup } : {}),
  };
}

function describe(step: Step): string {
  return endpointsOfSteps([step]).join(', ') || 'another step';
}

function what(step: Step): string {
  return step.note ?? 'what the later steps use';
}

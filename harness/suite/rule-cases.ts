import type { Rule } from './suite.js';
import { stepKind } from './step.js';

/** One case of a rule's `cases:` steps, as `graphcheck list --verbose` shows it. */
export interface ListedCase {
  name: string;
  why?: string;
}

/** The cases of a rule's `cases:` steps (the sweeps generated from the spec's tables), in order; none for others. */
export function casesOfRule(rule: Rule): ListedCase[] {
  return rule.steps.flatMap((step) => {
    const { name, body } = stepKind(step);
    const groups = name === 'cases' ? (body as { groups?: { cases?: ListedCase[] }[] }).groups : undefined;
    return (groups ?? []).flatMap((g) => (g.cases ?? []).map((c) => ({ name: c.name, ...(c.why ? { why: c.why } : {}) })));
  });
}

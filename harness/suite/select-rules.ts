import { UserInputError } from '../errors.js';
import type { Rule, Suite } from './suite.js';

export interface RuleSelection {
  suites?: string[];
  rules?: string[];
  /** Which side's rules: `service` (default: what `run` and `check` judge) or `client` (`check --side client`). */
  side?: 'service' | 'client';
}

/** `--rule feed.limit-*` selects by prefix; an exact id selects one rule. */
function matchesRule(pattern: string, id: string): boolean {
  return pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : pattern === id;
}

/** The selected rules of the selection's side, in suite order (every such rule when the selection names nothing). */
export function selectedRules(suites: Suite[], selection: RuleSelection): { suite: Suite; rule: Rule }[] {
  const side = selection.side ?? 'service';
  return suites
    .filter((suite) => !selection.suites?.length || selection.suites.includes(suite.suite))
    .flatMap((suite) => suite.rules.map((rule) => ({ suite, rule })))
    .filter(({ rule }) => (rule.side ?? 'service') === side)
    .filter(({ rule }) => !selection.rules?.length || selection.rules.some((r) => matchesRule(r, rule.id)));
}

/**
 * Refuses a selection that names something that is not there, or selects nothing at all: a CI job whose
 * `--rule` has a typo must not pass with zero rules run. `eligible` narrows what may be selected (rules with a
 * `passive:` block, for `check`) and says why the others are not.
 */
export function assertSelection(
  suites: Suite[],
  selection: RuleSelection,
  where: string,
  eligible: { test: (rule: Rule) => boolean; why: string } = { test: () => true, why: '' },
): void {
  const names = suites.map((s) => s.suite);
  const unknownSuites = (selection.suites ?? []).filter((s) => !names.includes(s));
  if (unknownSuites.length > 0) {
    const hint = names.length ? `suites in ${where}: ${names.join(', ')}` : `${where} holds no suite`;
    throw new UserInputError('USAGE', `--suite ${unknownSuites.join(', ')}: no such suite; ${hint}`);
  }
  const inSuites = selectedRules(suites, { suites: selection.suites, side: selection.side });
  const otherSide = selection.side === 'client' ? 'service' : 'client';
  for (const pattern of selection.rules ?? []) {
    const matched = inSuites.filter(({ rule }) => matchesRule(pattern, rule.id));
    const scope = selection.suites?.length ? ` in suite ${selection.suites.join(', ')}` : '';
    const elsewhere = selectedRules(suites, { suites: selection.suites, side: otherSide, rules: [pattern] });
    if (matched.length === 0 && elsewhere.length > 0) {
      const how = otherSide === 'client' ? 'graphcheck check --side client judges it' : 'leave out --side client';
      throw new UserInputError('USAGE', `--rule ${pattern}: a ${otherSide}-side rule; ${how}`);
    }
    if (matched.length === 0) {
      const example = inSuites[0]?.rule.id ?? 'feed.get-limit-caps-page';
      const fix = `give a rule id such as ${example}, or a prefix ending in * (${example.split('.')[0]}.*)`;
      throw new UserInputError('USAGE', `--rule ${pattern}: matches no rule${scope}; ${fix}`);
    }
    if (!matched.some(({ rule }) => eligible.test(rule))) {
      throw new UserInputError('USAGE', `--rule ${pattern}: ${eligible.why}`);
    }
  }
  if (!selectedRules(suites, selection).some(({ rule }) => eligible.test(rule))) {
    throw new UserInputError('USAGE', `nothing to run: ${where} holds no rule${eligible.why ? ' that applies' : ''}`);
  }
}

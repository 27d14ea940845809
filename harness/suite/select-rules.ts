import { UserInputError } from '../errors.js';
import { AREA_NAMES, AREAS, type AreaName } from '../profile/vocabulary.js';
import { endpointMatches, endpointsOf } from './rule-endpoints.js';
import type { Rule, RuleSide, Suite } from './suite.js';

export interface RuleSelection {
  suites?: string[];
  /** Rule ids or globs (`feed.limit-*`, `*-refused`). */
  rules?: string[];
  /** Rule ids, globs or suite names left out. */
  exclude?: string[];
  /** `POST /{page_id}/feed` or a path alone: rules that send to one of them, whatever their suite. */
  endpoints?: string[];
  /**
   * Areas of the interface (`photos`, `comments`): rules that send to one of the area's endpoints, whatever their
   * suite (its own suite's, the sweeps', `errors.*`, `conventions.*`): what bringing an area up needs judged.
   */
  areas?: string[];
  /** One of `count` stable parts split by rule id, `index` from 1. */
  shard?: { index: number; count: number };
  /**
   * Which side's rules: `service` (default: what `run` and `check` judge), `client` (`check --side client`) or
   * `callback` (`webhook-test`).
   */
  side?: RuleSide;
}

/** An exact id selects one rule; `*` in a pattern matches any run of characters. */
export function matchesRule(pattern: string, id: string): boolean {
  if (!pattern.includes('*')) return pattern === id;
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(id);
}

/** FNV-1a of the rule id: a rule's shard depends on its id alone, so adding a rule moves no other. */
export function shardOf(id: string, count: number): number {
  let hash = 0x811c9dc5;
  for (const char of id) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % count) + 1;
}

function excluded(patterns: string[], suite: Suite, rule: Rule): boolean {
  return patterns.some((p) => p === suite.suite || matchesRule(p, rule.id));
}

/** The selected rules of the selection's side, in suite order (every such rule when the selection names nothing). */
export function selectedRules(suites: Suite[], selection: RuleSelection): { suite: Suite; rule: Rule }[] {
  const { rules = [], exclude = [], endpoints = [], shard, side = 'service' } = selection;
  const areaPaths = pathsOfAreas(selection.areas ?? []);
  return suites
    .filter((suite) => !selection.suites?.length || selection.suites.includes(suite.suite))
    .flatMap((suite) => suite.rules.map((rule) => ({ suite, rule })))
    .filter(({ rule }) => (rule.side ?? 'service') === side)
    .filter(({ rule }) => !rules.length || rules.some((r) => matchesRule(r, rule.id)))
    .filter(({ rule }) => !endpoints.length || sendsTo(rule, endpoints))
    .filter(({ rule }) => !areaPaths.length || sendsTo(rule, areaPaths))
    .filter(({ suite, rule }) => !excluded(exclude, suite, rule))
    .filter(({ rule }) => !shard || shardOf(rule.id, shard.count) === shard.index);
}

/** Whether a rule sends to an endpoint one of `patterns` names (`POST /{page_id}/feed`, or a path for any method). */
function sendsTo(rule: Rule, patterns: readonly string[]): boolean {
  return endpointsOf(rule).some((e) => patterns.some((p) => endpointMatches(p, e)));
}

/** The paths of the named areas (`/{page_id}/photos`), names the vocabulary does not hold left out. */
function pathsOfAreas(names: readonly string[]): string[] {
  return names.filter((name): name is AreaName => (AREA_NAMES as string[]).includes(name)).flatMap((name) => [...AREAS[name].paths]);
}

/**
 * The rules a selection leaves out although they send where it judges: to the endpoints it names (`--endpoint`),
 * else to those of the areas it names (`--area`), else of its suites named as areas (`--suite photos`), the
 * narrowest of them being what the selection is about. `--suite photos,comments` leaves out the sweeps,
 * `errors.*` and `conventions.*` rules on those endpoints; a shard's part is not counted as left out (the other
 * shards hold it). Empty where the selection names none of them (`--rule`, no selection).
 */
export function leftOutOf(suites: Suite[], selection: RuleSelection): { touched: string[]; rules: { suite: Suite; rule: Rule }[] } {
  const touched = selection.endpoints?.length
    ? [...selection.endpoints]
    : pathsOfAreas(selection.areas?.length ? selection.areas : (selection.suites ?? []));
  if (touched.length === 0) return { touched, rules: [] };
  const { shard: _shard, ...unsharded } = selection;
  const selected = new Set(selectedRules(suites, unsharded).map(({ rule }) => rule.id));
  const rules = selectedRules(suites, { side: selection.side }).filter(({ rule }) => !selected.has(rule.id) && sendsTo(rule, touched));
  return { touched, rules };
}

/**
 * The left-out rules in one line for the console, `list` and `doctor`, grouped as ids begin (`sweep.photos.*`,
 * `errors.*`), with the selection that takes them all in; undefined when none is left out.
 */
export function leftOutLine(suites: Suite[], selection: RuleSelection): string | undefined {
  const { touched, rules } = leftOutOf(suites, selection);
  if (rules.length === 0) return undefined;
  const groups = new Map<string, number>();
  for (const { rule } of rules) {
    const parts = rule.id.split('.');
    const group = `${parts.slice(0, parts[0] === 'sweep' ? 2 : 1).join('.')}.*`;
    groups.set(group, (groups.get(group) ?? 0) + 1);
  }
  const counted = [...groups].sort((a, b) => b[1] - a[1]).map(([group, n]) => `${n} ${group}`);
  const areas = AREA_NAMES.filter((area) => AREAS[area].paths.some((path) => touched.includes(path)));
  // --area and --endpoint narrow each other: with endpoints named, every touched one is given as an endpoint.
  const takeAll = areas.length > 0 && !selection.endpoints?.length ? `--area ${areas.join(',')}` : touched.map((e) => `--endpoint "${e}"`).join(' ');
  return (
    `${rules.length} rule${rules.length === 1 ? '' : 's'} outside this selection also send to ${touched.join(', ')} ` +
    `(${counted.join(', ')}): ${takeAll} selects every rule that does`
  );
}

const OTHER_SIDES: Record<RuleSide, RuleSide[]> = {
  service: ['client', 'callback'],
  client: ['service', 'callback'],
  callback: ['service', 'client'],
};

/** What judges a rule of each side, for a selection that named one of another side. */
const HOW_TO_RUN: Record<RuleSide, string> = {
  service: 'graphcheck run or graphcheck check judges it',
  client: 'graphcheck check --side client judges it',
  callback: 'graphcheck webhook-test judges it (against your callback)',
};

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
  const side = selection.side ?? 'service';
  for (const pattern of selection.rules ?? []) {
    const matched = inSuites.filter(({ rule }) => matchesRule(pattern, rule.id));
    const scope = selection.suites?.length ? ` in suite ${selection.suites.join(', ')}` : '';
    const otherSide = OTHER_SIDES[side].find(
      (other) => selectedRules(suites, { suites: selection.suites, side: other, rules: [pattern] }).length > 0,
    );
    if (matched.length === 0 && otherSide) {
      throw new UserInputError('USAGE', `--rule ${pattern}: a ${otherSide}-side rule; ${HOW_TO_RUN[otherSide]}`);
    }
    if (matched.length === 0) {
      const example = inSuites[0]?.rule.id ?? 'feed.get-limit-caps-page';
      const fix = `give a rule id such as ${example}, or a glob such as ${example.split('.')[0]}.*`;
      throw new UserInputError('USAGE', `--rule ${pattern}: matches no rule${scope}; ${fix}`);
    }
    if (!matched.some(({ rule }) => eligible.test(rule))) {
      throw new UserInputError('USAGE', `--rule ${pattern}: ${eligible.why}`);
    }
  }
  const all = selectedRules(suites, { side: selection.side });
  for (const pattern of selection.exclude ?? []) {
    if (!all.some(({ suite, rule }) => excluded([pattern], suite, rule))) {
      throw new UserInputError('USAGE', `--exclude ${pattern}: matches no rule or suite; give a rule id, a glob (feed.*) or a suite name`);
    }
  }
  const unknownAreas = (selection.areas ?? []).filter((area) => !(AREA_NAMES as string[]).includes(area));
  if (unknownAreas.length > 0) {
    throw new UserInputError('USAGE', `--area ${unknownAreas.join(', ')}: no such area; the areas: ${AREA_NAMES.join(', ')}`);
  }
  for (const pattern of selection.endpoints ?? []) {
    if (!all.some(({ rule }) => endpointsOf(rule).some((e) => endpointMatches(pattern, e)))) {
      throw new UserInputError('USAGE', `--endpoint ${pattern}: no rule sends to it; write it as METHOD /path with {id} for ids, e.g. "POST /{page_id}/feed" (graphcheck list shows every rule's endpoints)`);
    }
  }
  if (!selectedRules(suites, selection).some(({ rule }) => eligible.test(rule))) {
    const shard = selection.shard ? ` in shard ${selection.shard.index}/${selection.shard.count}; use fewer shards` : '';
    const narrowed =
      selection.suites?.length || selection.rules?.length || selection.exclude?.length || selection.endpoints?.length || selection.areas?.length;
    const what = narrowed ? 'the selection holds no rule' : `${where} holds no rule`;
    throw new UserInputError('USAGE', `nothing to run: ${what}${eligible.why ? ' that applies' : ''}${shard}`);
  }
}

import type { RuleResult } from '../model/index.js';
import type { Rule } from '../suite/suite.js';
import { type PassiveReasonKind, type PassiveReasons, REASON_GROUPS } from './passive-reasons.js';
import { type Unjudged, UNJUDGED_GROUPS } from './unjudged.js';

/** What `check` made of the rules a selection held: those judged, and why each of the others was not. */
export interface TrafficAccount {
  /** The rules of the selection's side, with a passive form or not. */
  rules: number;
  judged: string[];
  /** Rules with a passive form that judged nothing here, by why. */
  unjudged: Map<Unjudged['kind'], string[]>;
  /** Rules without a passive form, by the reason the reasons file gives ('unreasoned' where it gives none). */
  formless: Map<PassiveReasonKind | 'unreasoned', string[]>;
}

/** Counts the selection's rules into what was judged and why the rest was not. */
export function trafficAccount(
  selected: Rule[],
  judged: Array<{ result: RuleResult; unjudged?: Unjudged }>,
  reasons: PassiveReasons,
): TrafficAccount {
  const account: TrafficAccount = { rules: selected.length, judged: [], unjudged: new Map(), formless: new Map() };
  for (const { result, unjudged } of judged) {
    if (unjudged) push(account.unjudged, unjudged.kind, result.rule);
    else account.judged.push(result.rule);
  }
  for (const rule of selected.filter((r) => !r.passive)) push(account.formless, reasons.get(rule.id)?.kind ?? 'unreasoned', rule.id);
  return account;
}

function push<K>(map: Map<K, string[]>, key: K, id: string): void {
  map.set(key, [...(map.get(key) ?? []), id]);
}

/**
 * The account as console lines: how many rules the traffic judged, then the others grouped by why, largest group
 * first; `verbose` lists each group's rules.
 */
export function accountLines(account: TrafficAccount, verbose = false): string[] {
  const { rules, judged, unjudged, formless } = account;
  const lines = [`judged from this traffic: ${judged.length} of ${rules} rules`];
  const withForm = [...unjudged.values()].flat().length;
  if (withForm > 0) {
    lines.push(`not judged, with a passive form (${withForm}):`);
    lines.push(...groupLines(unjudged, (kind) => UNJUDGED_GROUPS[kind], verbose));
  }
  const without = [...formless.values()].flat().length;
  if (without > 0) {
    lines.push(`not judged, no passive form: recorded traffic cannot show what they state (${without}):`);
    lines.push(...groupLines(formless, (kind) => (kind === 'unreasoned' ? 'give no reason (suites/passive/reasons.yaml lists none)' : REASON_GROUPS[kind]), verbose));
  }
  return lines;
}

function groupLines<K>(groups: Map<K, string[]>, words: (kind: K) => string, verbose: boolean): string[] {
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .flatMap(([kind, ids]) => [`  ${String(ids.length).padStart(3)} ${words(kind)}`, ...(verbose ? ids.map((id) => `        ${id}`) : [])]);
}

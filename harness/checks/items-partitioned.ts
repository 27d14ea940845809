import { type Check, type CheckFinding, judgedCount } from './check.js';
import { ANY, INTEGER, object, STRINGS } from '../validation/json-schema.js';
import { itemId, listItems } from './list-items.js';

export interface Args {
  /**
   * The ids of each filtered walk (earlier walks' `ids`), in the order of `names`. Each must be a list: one that is
   * not (a template that yielded something else) leaves the check unjudged, never read as an empty part, which
   * would be a finding (`failed`) about a walk that was never made. Typed here, not in `args`: the loader sees the
   * unevaluated templates.
   */
  parts: unknown[];
  /** What each part is, for the messages (`HIGH`, `MEDIUM`). */
  names?: string[];
  /** Each part must hold at least this many items: a floor the fixture guarantees (one fatal, one warning). */
  min_each?: number;
}

/**
 * The step's items (an unfiltered walk) are exactly the disjoint union of the parts (filtered walks of the same
 * edge): none listed under two filters, none under no filter, none filtered that the unfiltered walk lacks. For
 * filters that split a list by a field of two values, such as `error_priority` by `severity`.
 */
export const itemsPartitioned: Check<Args> = {
  name: 'items-partitioned',
  explain: (args) => {
    const floor = args.min_each ? `, each holding at least ${args.min_each}` : '';
    return `the listed items are split between ${(args.names ?? []).join(' and ') || 'the earlier walks'} with none left out or listed twice${floor}`;
  },
  args: object({ parts: { type: 'array', items: ANY, minItems: 2 }, names: STRINGS, min_each: INTEGER }, ['parts']),
  run: (input, args) => {
    const all = new Set(listItems(input.bodies).flatMap(({ item }) => itemId(item) ?? []));
    const name = (i: number) => args.names?.[i] ?? `part ${i + 1}`;
    const notList = args.parts.findIndex((part) => !Array.isArray(part));
    if (notList >= 0) return judgedCount([], 0, `the ids of ${name(notList)} are not a list`);
    const parts = (args.parts as unknown[][]).map((part) => part.map(String));
    const findings: CheckFinding[] = [];
    const owner = new Map<string, number>();
    parts.forEach((ids, i) => {
      if (args.min_each !== undefined && ids.length < args.min_each) {
        findings.push({ message: `${name(i)} listed ${ids.length} item(s), at least ${args.min_each} expected` });
      }
      for (const id of ids) {
        const earlier = owner.get(id);
        if (earlier !== undefined && earlier !== i) findings.push({ message: `item ${id} is listed under both ${name(earlier)} and ${name(i)}` });
        owner.set(id, i);
        if (!all.has(id)) findings.push({ message: `item ${id} of ${name(i)} is not in the unfiltered list` });
      }
    });
    const unowned = [...all].filter((id) => !owner.has(id));
    if (unowned.length > 0) {
      findings.push({ message: `${unowned.length} item(s) of the unfiltered list are under no filter, e.g. ${unowned[0]}` });
    }
    const judged = all.size + parts.reduce((n, ids) => n + ids.length, 0);
    return { findings: findings.slice(0, 10), judged, ...(judged === 0 ? { nothingJudged: 'every list was empty' } : {}) };
  },
};

import { type Check, type CheckFinding, judgedCount } from './check.js';
import { BOOLEAN, INTEGER, object, optional, STRING, STRINGS } from '../validation/json-schema.js';
import { itemKey, listItems } from './list-items.js';
import type { WalkEnd } from './step-facts.js';

export interface Args {
  /** Ids that must appear (e.g. posts the rule created). */
  includes?: string[];
  /** The walk must yield exactly these ids, in any order (an earlier walk of the same edge, say). */
  same_as?: string[];
  /** A paging rule judges nothing unless the walk crossed at least this many pages. */
  min_pages?: number;
  /** An item without an id is not judged (recorded traffic: a `fields` may have left the id out), not a finding. */
  skip_without_id?: boolean;
  /**
   * The walk may stop before the list's end (`until_listed`, or `max_pages` on a long list): one cut at `max_pages`
   * is no finding, and judges no `includes` item it did not reach (an `assume:` of the same check then says so).
   */
  partial?: boolean;
  /** The field that tells items apart where a list has no ids (a subscription's `object`, R30); default `id`. */
  key?: string;
}

/**
 * Over a walk: no item id appears twice, the walk ended (and the last page's `cursors.after` gives nothing more),
 * and every id in `includes` appeared. With `min_pages`, a walk that crossed fewer pages judged nothing.
 */
export const eachItemOnce: Check<Args | undefined> = {
  name: 'each-item-once',
  explain: (raw) => {
    const args = raw ?? {};
    const extra = args.same_as
      ? ', the same items as the earlier walk'
      : args.includes?.length
        ? `, and includes ${args.includes.length} known item(s)`
        : '';
    const crossing = args.min_pages ? ` over at least ${args.min_pages} pages` : '';
    return `walking the pages${crossing} yields each item exactly once and ends${extra} (contract §3.4)`;
  },
  args: optional(object({ includes: STRINGS, same_as: STRINGS, min_pages: INTEGER, skip_without_id: BOOLEAN, partial: BOOLEAN, key: STRING })),
  run: (input, raw) => {
    const args = raw ?? {};
    const pages = input.exchanges.length;
    const findings: CheckFinding[] = endedEarly(input.facts.afterEnd);
    // A walk that ended early was judged for that, however few pages it crossed.
    if (findings.length === 0 && args.min_pages !== undefined && pages < args.min_pages) {
      const nothingJudged = `the walk never crossed ${args.min_pages} pages (it ended after ${pages})`;
      return { findings: [], judged: 0, nothingJudged };
    }
    const seen = new Map<string, number>();
    for (const { item, exchange } of listItems(input.bodies)) {
      const id = itemKey(item, args.key);
      if (id === undefined) {
        if (!args.skip_without_id) findings.push({ message: `an item has no ${args.key ?? 'id'}`, exchange });
        continue;
      }
      const first = seen.get(id);
      if (first !== undefined) {
        findings.push({ message: `item ${id} appears again (first on page ${first + 1}, again on page ${exchange + 1})`, exchange });
      } else seen.set(id, exchange);
    }
    const cut = input.facts.truncated && args.partial;
    if (input.facts.truncated && !cut) {
      findings.push({ message: `the walk had not ended after ${input.exchanges.length} pages` });
    }
    for (const id of cut ? [] : [...(args.includes ?? []), ...(args.same_as ?? [])]) {
      if (!seen.has(String(id))) findings.push({ message: `item ${id} never appeared in the walk` });
    }
    if (args.same_as) {
      const expected = new Set(args.same_as.map(String));
      const extra = [...seen.keys()].filter((id) => !expected.has(id));
      if (extra.length) findings.push({ message: `the walk yielded ${extra.length} item(s) the earlier walk did not, e.g. ${extra[0]}` });
    }
    return judgedCount(findings.slice(0, 20), pages, 'the walk fetched no page');
  },
};

/** The walk stopped where the last page's `cursors.after`, fed back, still gave items (the walk step's probe). */
function endedEarly(end: WalkEnd | undefined): CheckFinding[] {
  if (!end || end.more === 0) return [];
  const message =
    `page ${end.page} has no paging.next, yet its cursors.after fed back as after= gives ` +
    `${end.more} more item(s) (contract §3.4)`;
  return [{ message, exchange: end.page - 1 }];
}

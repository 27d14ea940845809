import { lookup } from '../validation/lookup.js';
import { BOOLEAN, object, STRING } from '../validation/json-schema.js';
import { type Check, type CheckFinding, judgedCount } from './check.js';
import { itemKey, listItems } from './list-items.js';
import { shown } from './webhook-facts.js';

const INT32_MAX = 2147483647;

export interface Args {
  /** The count may exceed what is listed ("may be greater than or equal to the number actually returned"). */
  at_least?: boolean;
  /** How listed items are told apart (`itemKey`); default `id`. */
  key?: string;
}

/**
 * Over a walk read with `summary=true`: every page's `summary.total_count` is an int32 equal to the number of items
 * the whole walk listed (List results: "the total number of objects on the edge"), or with `at_least` no smaller.
 * The first page must carry it (it was requested); later pages are judged where they carry it, since the target's
 * `paging.next` decides what they ask. Equality needs the whole walk: one stopped early judged nothing.
 */
export const walkTotalCount: Check<Args> = {
  name: 'walk-total-count',
  explain: (args) =>
    `\`summary.total_count\` on every page is an int32 ${args.at_least ? 'no smaller than' : 'equal to'} the number of items the walk listed`,
  args: object({ at_least: BOOLEAN, key: STRING }),
  run: (input, args) => {
    const atLeast = args.at_least === true;
    if (!atLeast && (input.facts.stopped || input.facts.truncated)) {
      return { findings: [], judged: 0, nothingJudged: "the walk did not reach the list's end, so its count is not the list's" };
    }
    const listed = new Set(listItems(input.bodies).map(({ item }) => itemKey(item, args.key))).size;
    const findings: CheckFinding[] = [];
    let judged = 0;
    input.bodies.forEach((body, exchange) => {
      const total = lookup(body, 'summary.total_count');
      if (total === undefined && exchange > 0) return;
      judged++;
      if (!Number.isInteger(total) || Math.abs(total as number) > INT32_MAX) {
        findings.push({ message: `page ${exchange + 1}: \`summary.total_count\` is ${shown(total)}, expected an int32`, exchange, actual: total });
        return;
      }
      if (atLeast ? (total as number) >= listed : total === listed) return;
      const message = `page ${exchange + 1}: \`summary.total_count\` is ${String(total)}, but the walk listed ${listed} item(s)`;
      findings.push({ message, exchange, expected: listed, actual: total });
    });
    return judgedCount(findings.slice(0, 20), judged, 'the walk fetched no page');
  },
};

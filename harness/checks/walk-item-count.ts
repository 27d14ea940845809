import { ANY, object } from '../validation/json-schema.js';
import type { Check, CheckFinding } from './check.js';
import { collectionItems } from './collection-size.js';
import { shown } from './webhook-facts.js';

export interface Args {
  /** The items the whole walk holds: a number, or an earlier collection (its count). */
  equals: unknown;
  /** The most items one page may hold (the `limit` the walk asked for). */
  max_per_page?: unknown;
}

const countOf = (bound: unknown): number | undefined => (typeof bound === 'number' ? bound : collectionItems(bound)?.length);

/**
 * Over a walk of a list whose items may only be counted (a thread's messages: their fields are not shown, NS-04,
 * and the page an array or a list result, R22): the pages together hold `equals` items, each at most `max_per_page`.
 * A repeated or skipped item, or a walk that ends early, changes the total.
 */
export const walkItemCount: Check<Args> = {
  name: 'walk-item-count',
  explain: (args) =>
    `the walk's pages together hold ${JSON.stringify(countOf(args.equals) ?? args.equals)} item(s)` +
    (args.max_per_page === undefined ? '' : `, each page at most ${String(args.max_per_page)}`),
  args: object({ equals: ANY, max_per_page: ANY }, ['equals']),
  run: (input, args) => {
    const want = countOf(args.equals);
    const most = args.max_per_page === undefined ? undefined : countOf(args.max_per_page);
    if (want === undefined) return { findings: [{ message: `the count ${shown(args.equals)} is neither a number nor a collection` }], judged: 1 };
    const findings: CheckFinding[] = [];
    let total = 0;
    input.bodies.forEach((body, exchange) => {
      const items = collectionItems(body);
      if (!items) {
        findings.push({ message: `page ${exchange + 1} is neither an array nor a list result with a \`data\` array`, exchange });
        return;
      }
      total += items.length;
      if (most !== undefined && items.length > most) findings.push({ message: `page ${exchange + 1} holds ${items.length} item(s), more than ${most}`, exchange });
    });
    if (findings.length === 0 && total !== want) {
      findings.push({ message: `the ${input.bodies.length} page(s) hold ${total} item(s) together, expected ${want}`, expected: want, actual: total });
    }
    return { findings, judged: input.bodies.length };
  },
};

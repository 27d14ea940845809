import { lookup } from '../validation/lookup.js';
import { ANY, object, STRING } from '../validation/json-schema.js';
import { type Check, eachExchange, judgedEach } from './check.js';
import { collectionItems } from './collection-size.js';
import { itemKey } from './list-items.js';

export interface Args {
  /** What the rule made for the list (captured `body_ids`, or the keys it subscribed): a page without one is not all. */
  made?: unknown;
  /** How listed items are told apart (`itemKey`); default `id`. */
  key?: string;
  /** Where the page is in the answer (`messages` of a connection read through `fields`); the body when absent. */
  at?: string;
}

/**
 * The list's first page calls for a second: it carries `paging.next`, or it leaves out an item the rule made. For
 * `assume:` (reading R53): a first page that holds the whole list is data too short to walk, not the target's
 * fault; the page size is the target's to choose (NS-23), and a list the rule cannot grow (a fixture's upload
 * errors, four subscriptions at most) may fit in one page.
 */
export const secondPageDue: Check<Args> = {
  name: 'second-page-due',
  explain: (args) => `the first page${args.at ? ` of \`${args.at}\`` : ''} carries paging.next or leaves out an item the rule made`,
  args: object({ made: ANY, key: STRING, at: STRING }),
  run: (input, args) =>
    judgedEach(input, eachExchange(input, (_, body) => {
      const page = args.at ? lookup(body, args.at) : body;
      const next = lookup(page, 'paging.next');
      if (typeof next === 'string' && next !== '') return [];
      const items = collectionItems(page) ?? [];
      const listed = new Set(items.map((item) => itemKey(item, args.key)));
      const made = Array.isArray(args.made) ? args.made.map(String) : [];
      if (made.some((id) => !listed.has(id))) return [];
      const mine = made.length ? `, among them all ${made.length} the rule made,` : '';
      return [{ message: `the first page holds ${items.length} item(s)${mine} and no paging.next: there is no second page to walk` }];
    })),
};

import { lookup } from '../validation/lookup.js';
import type { Check } from './check.js';
import { describeMatcher, type Matcher, MATCHER_PROPERTIES, mismatches } from './matchers.js';
import { object, orTemplate, STRING } from '../validation/json-schema.js';
import { itemId, listItems } from './list-items.js';

type ItemArgs = Matcher & { id: string; path?: string };

/** Among the list items of a step (a walk, say), the item with `id` is present and its `path` matches. */
export const item: Check<ItemArgs> = {
  name: 'item',
  explain: (args) => {
    const matcher = describeMatcher(args);
    return `the listed item ${args.id} is present${args.path ? ` and its \`${args.path}\` ${matcher}` : ''}`;
  },
  args: object({ id: orTemplate({ type: ['string', 'number'] }), path: STRING, ...MATCHER_PROPERTIES }, ['id']),
  run: (input, args) => {
    const found = listItems(input.bodies).find(({ item: candidate }) => itemId(candidate) === String(args.id));
    if (!found) return { findings: [{ message: `item ${args.id} is not listed` }], judged: 1 };
    if (!args.path) return { findings: [], judged: 1 };
    const findings = mismatches(lookup(found.item, args.path), args).map((problem) => ({
      message: `item ${args.id}: \`${args.path}\` ${problem}`,
      exchange: found.exchange,
    }));
    return { findings, judged: 1 };
  },
};

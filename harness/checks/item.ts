import { lookup } from '../suite/template.js';
import { type Check, isRecord } from './check.js';
import { describeMatcher, type Matcher, mismatches } from './matchers.js';
import { itemId, listItems } from './list-items.js';

type ItemArgs = Matcher & { id: string; path?: string };

/** Among the list items of a step (a walk, say), the item with `id` is present and its `path` matches. */
export const item: Check = {
  name: 'item',
  explain: (raw) => {
    const args = raw as ItemArgs;
    const matcher = describeMatcher(args);
    return `the listed item ${args.id} is present${args.path ? ` and its \`${args.path}\` ${matcher}` : ''}`;
  },
  argsProblem: (raw) => (isRecord(raw) && raw.id !== undefined ? undefined : 'item takes { id, path?, <matcher> }'),
  run: (input, raw) => {
    const args = raw as ItemArgs;
    const found = listItems(input.bodies).find(({ item: candidate }) => itemId(candidate) === String(args.id));
    if (!found) return [{ message: `item ${args.id} is not listed` }];
    if (!args.path) return [];
    return mismatches(lookup(found.item, args.path), args).map((problem) => ({
      message: `item ${args.id}: \`${args.path}\` ${problem}`,
      exchange: found.exchange,
    }));
  },
};

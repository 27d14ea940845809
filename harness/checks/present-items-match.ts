import { lookup } from '../suite/template.js';
import { type Check, isRecord } from './check.js';
import { listItems } from './list-items.js';
import { describeMatcher, type Matcher, MATCHER_KEYS, mismatches } from './matchers.js';

type Args = Matcher & { path: string };

/**
 * Every listed item that carries the field at `path` has it matching. For recorded traffic, where the caller
 * may have chosen other `fields` and the spec does not say which come back unasked.
 */
export const presentItemsMatch: Check = {
  name: 'present-items-match',
  explain: (raw) => {
    const args = raw as Args;
    return `every listed item that carries \`${args.path}\` has it ${describeMatcher(args)}`;
  },
  argsProblem: (raw) =>
    isRecord(raw) && typeof raw.path === 'string' && MATCHER_KEYS.some((k) => k in raw)
      ? undefined
      : 'present-items-match takes { path, <matcher> }',
  run: (input, raw) => {
    const args = raw as Args;
    return listItems(input.bodies)
      .flatMap(({ item, exchange }, i) => {
        const value = lookup(item, args.path);
        if (value === undefined) return [];
        const where = `item ${String(item.id ?? i)}: \`${args.path}\``;
        return mismatches(value, args).map((problem) => ({ message: `${where} ${problem}`, exchange }));
      })
      .slice(0, 10);
  },
};

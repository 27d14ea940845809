import { lookup } from '../validation/lookup.js';
import { type Check, judgedCount } from './check.js';
import { STRING } from '../validation/json-schema.js';
import { listItems } from './list-items.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';

type Args = Matcher & { path: string };

/**
 * Every listed item that carries the field at `path` has it matching. For recorded traffic, where the caller
 * may have chosen other `fields` and the spec does not say which come back unasked.
 */
export const presentItemsMatch: Check<Args> = {
  name: 'present-items-match',
  explain: (args) => {
    return `every listed item that carries \`${args.path}\` has it ${describeMatcher(args)}`;
  },
  args: withMatcher({ path: STRING }, ['path']),
  run: (input, args) => {
    let present = 0;
    const findings = listItems(input.bodies)
      .flatMap(({ item, exchange }, i) => {
        const value = lookup(item, args.path);
        if (value === undefined) return [];
        present += 1;
        const where = `item ${String(item.id ?? i)}: \`${args.path}\``;
        return mismatches(value, args).map((problem) => ({ message: `${where} ${problem}`, exchange }));
      })
      .slice(0, 10);
    return judgedCount(findings, present, `no listed item carries \`${args.path}\``);
  },
};

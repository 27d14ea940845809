import { lookup } from '../validation/lookup.js';
import { type Check, judgedCount } from './check.js';
import { INTEGER, STRING } from '../validation/json-schema.js';
import { listItems } from './list-items.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';

type Args = Matcher & {
  /** The field of each item to match. */
  path: string;
  /** The step's list results must hold at least this many items in all (a fixture known to have some). */
  min_items?: number;
};

/**
 * Over every list item the step saw (all pages of a walk): the field at `path` matches. An empty list judged
 * nothing; `min_items` makes fewer items than known to exist a finding.
 */
export const everyItem: Check<Args> = {
  name: 'every-item',
  explain: (args) => {
    const atLeast = args.min_items ? `at least ${args.min_items} item(s) are listed and ` : '';
    return `${atLeast}every listed item's \`${args.path}\` ${describeMatcher(args)}`;
  },
  args: withMatcher({ path: STRING, min_items: INTEGER }, ['path']),
  run: (input, args) => {
    const items = listItems(input.bodies);
    const findings = items.flatMap(({ item, exchange }, i) =>
      mismatches(lookup(item, args.path), args).map((problem) => ({
        message: `item ${String(item.id ?? i)}: \`${args.path}\` ${problem}`,
        exchange,
      })),
    );
    if (args.min_items !== undefined && items.length < args.min_items) {
      findings.push({ message: `${items.length} item(s) listed, expected at least ${args.min_items}`, exchange: 0 });
    }
    return judgedCount(findings.slice(0, 10), items.length, 'the list was empty');
  },
};

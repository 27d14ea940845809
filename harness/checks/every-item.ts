import { lookup } from '../suite/template.js';
import { type Check, isRecord } from './check.js';
import { listItems } from './list-items.js';
import { describeMatcher, type Matcher, MATCHER_KEYS, mismatches } from './matchers.js';

type Args = Matcher & {
  /** The field of each item to match. */
  path: string;
  /** The step's list results must hold at least this many items in all (a fixture known to have some). */
  min_items?: number;
};

/**
 * Over every list item the step saw (all pages of a walk): the field at `path` matches. `min_items` guards
 * against a vacuous pass on an empty list.
 */
export const everyItem: Check = {
  name: 'every-item',
  explain: (raw) => {
    const args = raw as Args;
    const atLeast = args.min_items ? `at least ${args.min_items} item(s) are listed and ` : '';
    return `${atLeast}every listed item's \`${args.path}\` ${describeMatcher(args)}`;
  },
  argsProblem: (raw) =>
    isRecord(raw) && typeof raw.path === 'string' && MATCHER_KEYS.some((k) => k in raw)
      ? undefined
      : 'every-item takes { path, <matcher>, min_items? }',
  run: (input, raw) => {
    const args = raw as Args;
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
    return findings.slice(0, 10);
  },
};

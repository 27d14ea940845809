import { lookup } from '../validation/lookup.js';
import { type Check, judgedCount } from './check.js';
import { BOOLEAN, INTEGER, STRING } from '../validation/json-schema.js';
import { isErrorResponse } from './error-envelope.js';
import { listItems } from './list-items.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';

type Args = Matcher & {
  /** The field of each item to match. */
  path: string;
  /** The step's list results must hold at least this many items in all (a fixture known to have some). */
  min_items?: number;
  /**
   * An error answer conforms too: a refusal of the whole read (a token that may not see a field is refused rather
   * than served without it). It counts only next to an accepted positive control (R51).
   */
  or_error?: boolean;
};

/**
 * Over every list item the step saw (all pages of a walk): the field at `path` matches. An empty list judged
 * nothing; `min_items` makes fewer items than known to exist a finding.
 */
export const everyItem: Check<Args> = {
  name: 'every-item',
  explain: (args) => {
    const atLeast = args.min_items ? `at least ${args.min_items} item(s) are listed and ` : '';
    const orError = args.or_error ? ' (or the response is an error)' : '';
    return `${atLeast}every listed item's \`${args.path}\` ${describeMatcher(args)}${orError}`;
  },
  args: withMatcher({ path: STRING, min_items: INTEGER, or_error: BOOLEAN }, ['path']),
  run: (input, args) => {
    const refusals = args.or_error ? input.exchanges.flatMap((exchange, i) => (isErrorResponse(exchange, input.bodies[i]) ? [i] : [])) : [];
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
    if (refusals.length > 0) return { findings: findings.slice(0, 10), judged: items.length + refusals.length, refusals };
    return judgedCount(findings.slice(0, 10), items.length, 'the list was empty');
  },
};

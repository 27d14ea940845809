import { lookup } from '../validation/lookup.js';
import { type Check, isRecord, judgedCount } from './check.js';
import { itemId, listItems } from './list-items.js';
import { describeMatcher, type Matcher, mismatches, withMatcher } from './matchers.js';
import { BOOLEAN, STRING, STRINGS } from '../validation/json-schema.js';

type Args = Matcher & {
  /** Ids listed before the rule made the item (an earlier walk's `ids`): those items are not the new one. */
  not_in: string[];
  /** The field of the new item to match. */
  path?: string;
  /**
   * Turned round: NO item not listed before (with `path`: whose field matches) is listed, for what must leave a list
   * as it was (an unpublished upload publishes nothing). Judges the list it read; the rule's twin step shows that
   * the list does show new items.
   */
  absent?: boolean;
};

/**
 * Among the step's list items, one that was not listed before (`not_in`) is present and, with `path`, matches:
 * for an item whose id the rule cannot know, such as the post a scheduled photo upload makes when it goes live.
 */
export const newItem: Check<Args> = {
  name: 'new-item',
  explain: (args) =>
    `${args.absent ? 'no' : 'an'} item not listed before is listed${args.path ? ` whose \`${args.path}\` ${describeMatcher(args)}` : ''}`,
  args: withMatcher({ not_in: STRINGS, path: STRING, absent: BOOLEAN }, ['not_in']),
  run: (input, args) => {
    const before = new Set(args.not_in.map(String));
    const fresh = listItems(input.bodies).filter(({ item }) => !before.has(itemId(item) ?? ''));
    const matching = args.path
      ? fresh.filter(({ item }) => mismatches(lookup(item, args.path!), args).length === 0)
      : fresh;
    if (args.absent) {
      const shown = matching.slice(0, 5).map(({ item }) => itemId(item) ?? '(no id)').join(', ');
      const which = args.path ? ` whose \`${args.path}\` ${describeMatcher(args)}` : '';
      const findings = matching.length ? [{ message: `${matching.length} item(s) not listed before are listed${which}: ${shown}` }] : [];
      // What was judged is each list read: an answer holding no list (an error where the page belonged) shows no
      // new item without having listed anything, so it judges nothing.
      const pagesRead = input.bodies.filter((body) => isRecord(body) && Array.isArray(body.data)).length;
      return judgedCount(findings, pagesRead, 'no answer held a list');
    }
    if (matching.length > 0) return { findings: [], judged: 1 };
    const what = args.path ? ` whose \`${args.path}\` ${describeMatcher(args)}` : '';
    const seen = fresh.length ? ` (${fresh.length} new item(s), none matching)` : '';
    return { findings: [{ message: `no item listed that was not listed before${what}${seen}` }], judged: 1 };
  },
};

import type { Condition } from '../../suite/sequence-spec.js';
import { lookup } from '../../validation/lookup.js';
import { object, STRING } from '../../validation/json-schema.js';
import { itemsOf } from '../model.js';
import { firstBody, listedItems, type ModelJudge } from './model-judge.js';

interface TotalCountArgs {
  /** Where the count is in the list's first page (`summary.total_count`, R12). */
  path: string;
  in: string;
  /** The items the count may count: every one of them ever made, those since deleted included. */
  counts: Condition;
}

/**
 * A count that "may be greater than or equal to the number actually returned, because of comment privacy or
 * deletion": an integer no smaller than what the walk listed, and no larger than the items of that kind the
 * sequence ever made (deleted ones included). Equality is never asserted: privacy alone may raise the count.
 */
export const totalCount: ModelJudge<TotalCountArgs> = {
  name: 'total-count',
  explain: (a) => `\`${a.path}\` lies between the items listed and the ${a.in} items of its kind ever made`,
  args: object({ path: STRING, in: STRING, counts: { type: 'object' } }, ['path', 'in', 'counts']),
  run: ({ model, reads }, args) => {
    const body = firstBody(reads[0]);
    if (!body) return { findings: [], judged: 0, nothingJudged: 'the read answered no JSON object' };
    const value = lookup(body, args.path);
    const returned = listedItems(reads).length;
    const ever = itemsOf(model, args.in, args.counts).length;
    const expected = `an integer from ${returned} (listed) to ${ever} (${args.in} of this kind ever made)`;
    const actual = `${args.path} ${JSON.stringify(value)}`;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      return { findings: [{ message: `\`${args.path}\` is ${JSON.stringify(value)}, not an integer`, exchange: 0, expected, actual }], judged: 1 };
    }
    if (value < returned) return { findings: [{ message: `\`${args.path}\` is ${value}, fewer than the ${returned} listed`, exchange: 0, expected, actual }], judged: 1 };
    if (value > ever) {
      const message = `\`${args.path}\` is ${value}, more than the ${ever} ${args.in} of this kind the sequence ever made`;
      return { findings: [{ message, exchange: 0, expected, actual }], judged: 1 };
    }
    return { findings: [], judged: 1 };
  },
};

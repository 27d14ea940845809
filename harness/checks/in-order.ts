import type { Check } from './check.js';
import { object, orTemplate } from '../validation/json-schema.js';
import { itemId, listItems } from './list-items.js';

export interface Args {
  /** Ids the rule created, in the order the list must show them (other items may come between). */
  ids: string[];
}

/** Among the step's list items (all pages of a walk), every id in `ids` is listed, in that relative order. */
export const inOrder: Check<Args> = {
  name: 'in-order',
  explain: (args) => `the items ${args.ids.join(', ')} are listed in this order`,
  args: object({ ids: orTemplate({ type: 'array', minItems: 2 }) }, ['ids']),
  run: (input, args) => {
    const wanted = args.ids.map(String);
    const listed = listItems(input.bodies)
      .map(({ item }) => itemId(item))
      .filter((id): id is string => id !== undefined && wanted.includes(id));
    const missing = wanted.filter((id) => !listed.includes(id));
    const judged = wanted.length;
    if (missing.length > 0) return { findings: [{ message: `item(s) ${missing.join(', ')} not listed` }], judged };
    const seen = listed.filter((id, i) => listed.indexOf(id) === i);
    if (seen.every((id, i) => id === wanted[i])) return { findings: [], judged };
    const findings = [
      {
        message: `items listed in the order ${seen.join(', ')}, expected ${wanted.join(', ')}`,
        expected: wanted,
        actual: seen,
      },
    ];
    return { findings, judged };
  },
};

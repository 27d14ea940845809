import { type Check, isRecord } from './check.js';
import { itemId, listItems } from './list-items.js';

interface Args {
  /** Ids the rule created, in the order the list must show them (other items may come between). */
  ids: string[];
}

/** Among the step's list items (all pages of a walk), every id in `ids` is listed, in that relative order. */
export const inOrder: Check = {
  name: 'in-order',
  explain: (raw) => `the items ${((raw as Args).ids ?? []).join(', ')} are listed in this order`,
  argsProblem: (raw) =>
    isRecord(raw) && Array.isArray(raw.ids) && raw.ids.length > 1 ? undefined : 'in-order takes { ids: [at least two ids] }',
  run: (input, raw) => {
    const wanted = (raw as Args).ids.map(String);
    const listed = listItems(input.bodies)
      .map(({ item }) => itemId(item))
      .filter((id): id is string => id !== undefined && wanted.includes(id));
    const missing = wanted.filter((id) => !listed.includes(id));
    if (missing.length > 0) return [{ message: `item(s) ${missing.join(', ')} not listed` }];
    const seen = listed.filter((id, i) => listed.indexOf(id) === i);
    if (seen.every((id, i) => id === wanted[i])) return [];
    return [
      {
        message: `items listed in the order ${seen.join(', ')}, expected ${wanted.join(', ')}`,
        expected: wanted,
        actual: seen,
      },
    ];
  },
};

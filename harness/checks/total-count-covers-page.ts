import { lookup } from '../validation/lookup.js';
import { type Check, eachExchange, judgedEach } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { shown } from './webhook-facts.js';

const INT32_MAX = 2147483647;

/**
 * A list result read with `summary` carries `summary.total_count`, an int32 that counts at least the items of
 * the page itself: it totals the whole edge, and the spec allows it to exceed what is returned, never to fall short.
 */
export const totalCountCoversPage: Check = {
  name: 'total-count-covers-page',
  explain: () => '`summary.total_count` is an int32 no smaller than the number of items on the page',
  args: NO_ARGS,
  run: (input) =>
    judgedEach(input, eachExchange(input, (_, body) => {
      const total = lookup(body, 'summary.total_count');
      const data = lookup(body, 'data');
      if (!Number.isInteger(total) || Math.abs(total as number) > INT32_MAX) {
        return [{ message: `\`summary.total_count\` is ${shown(total)}, expected an int32`, actual: total }];
      }
      const listed = Array.isArray(data) ? data.length : 0;
      if ((total as number) >= listed) return [];
      const message = `\`summary.total_count\` is ${String(total)} but the page lists ${listed} items`;
      return [{ message, expected: listed, actual: total }];
    })),
};

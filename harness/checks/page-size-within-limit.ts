import { type Check, eachExchange, isRecord, judgedEach } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';

/** A list page holds no more items than the request's `limit` asked for (read from the request itself). */
export const pageSizeWithinLimit: Check = {
  name: 'page-size-within-limit',
  explain: () => 'a page holds at most `limit` items, `limit` being the one the request sent',
  args: NO_ARGS,
  run: (input) =>
    judgedEach(input, eachExchange(input, (exchange, body) => {
      const limit = sentLimit(exchange.request.url);
      const data = isRecord(body) ? body.data : undefined;
      if (limit === undefined || !Array.isArray(data) || data.length <= limit) return [];
      return [{ message: `the page holds ${data.length} items, limit was ${limit}`, expected: limit, actual: data.length }];
    })),
};

/**
 * The `limit` of the query when it is one positive integer. Absent, empty, or sent twice with different values
 * (which one a service takes is not stated), there is nothing to hold the page to.
 */
function sentLimit(url: string): number | undefined {
  const values = new Set(new URL(url).searchParams.getAll('limit'));
  if (values.size !== 1) return undefined;
  const [text] = values;
  return /^\d+$/.test(text!) && Number(text) > 0 ? Number(text) : undefined;
}

import { type Check, eachExchange, isRecord } from './check.js';

/** A list page holds no more items than the request's `limit` asked for (read from the request itself). */
export const pageSizeWithinLimit: Check = {
  name: 'page-size-within-limit',
  explain: () => 'a page holds at most `limit` items, `limit` being the one the request sent',
  run: (input) =>
    eachExchange(input, (exchange, body) => {
      const limit = Number(new URL(exchange.request.url).searchParams.get('limit'));
      const data = isRecord(body) ? body.data : undefined;
      if (!Number.isFinite(limit) || !Array.isArray(data) || data.length <= limit) return [];
      return [{ message: `the page holds ${data.length} items, limit was ${limit}`, expected: limit, actual: data.length }];
    }),
};

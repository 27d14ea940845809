import { type Check, eachExchange, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { requestHeader } from './webhook-facts.js';

/**
 * Every notification is sent as `Content-Type: application/json`. Media type parameters (`; charset=utf-8`) are
 * allowed: they do not change the type, and the spec names the type only.
 */
export const notificationContentType: Check = {
  name: 'notification-content-type',
  acceptsAnyBody: true,
  explain: () => 'every notification is sent with `Content-Type: application/json`',
  args: NO_ARGS,
  run: (input) =>
    judgedCount(
      eachExchange(input, (exchange) => {
      const value = requestHeader(exchange, 'content-type');
      const mediaType = value?.split(';')[0]?.trim().toLowerCase();
      return mediaType === 'application/json'
        ? []
        : [{ message: `Content-Type is ${JSON.stringify(value ?? null)}, expected application/json`, actual: value }];
    }).slice(0, 10),
      input.exchanges.length,
      'no notification reached the receiver',
    ),
};

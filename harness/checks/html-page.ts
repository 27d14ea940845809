import { type Check, eachExchange, judgedEach } from './check.js';
import { object, optional, STRING } from '../validation/json-schema.js';
import { describeResponse } from './error-envelope.js';
import { headerValue } from '../headers.js';
import { parseJson } from '../validation/nesting.js';

/**
 * The answer is a page to show (the authorization window, say): a 2xx whose body is a document rather than a JSON
 * answer, or a redirect on the way to one (a login step) that does not go back to the app. The Content-Type of a
 * successful answer is a silent point of the spec, so it is not judged.
 */
export const htmlPage: Check<{ not_to?: string } | undefined> = {
  name: 'html-page',
  acceptsAnyBody: true,
  explain: () => 'the answer is a page to show: a non-empty 2xx document that is not JSON, or a redirect towards one',
  args: optional(object({ not_to: STRING })),
  run: (input, args) =>
    judgedEach(input, eachExchange(input, (exchange, body) => {
      const response = exchange.response;
      const status = response?.status ?? 0;
      if (status >= 300 && status < 400) return towardsAPage(headerValue(response?.headers, 'location'), args);
      if (status < 200 || status > 299) return [{ message: `expected a page, got ${describeResponse(exchange, body)}` }];
      if (!response?.body?.trim()) return [{ message: 'the answer to show has an empty body' }];
      return isJson(response.body) ? [{ message: `expected a page to show, got a JSON answer: ${describeResponse(exchange, body)}` }] : [];
    })),
};

/** A redirect is on the way to the page unless it goes back to the app (`not_to`: the redirect URI). */
function towardsAPage(location: string | undefined, args: { not_to?: string } | undefined): { message: string }[] {
  if (!location) return [{ message: 'a redirect without a Location' }];
  const notTo = args?.not_to;
  if (typeof notTo === 'string' && notTo && location.startsWith(notTo)) {
    return [{ message: `expected a page to show, got a redirect back to the app: ${location}` }];
  }
  return [];
}

function isJson(text: string): boolean {
  try {
    parseJson(text);
    return true;
  } catch {
    return false;
  }
}

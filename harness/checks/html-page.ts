import { type Check, eachExchange } from './check.js';
import { describeResponse } from './error-envelope.js';

const HTML = /^\s*(text\/html|application\/xhtml\+xml)\b/i;

/** The answer is a page to show: 2xx, an HTML content type and a body (the authorization window, say). */
export const htmlPage: Check = {
  name: 'html-page',
  acceptsAnyBody: true,
  explain: () => 'the answer is a page to show: 2xx with an HTML body',
  run: (input) =>
    eachExchange(input, (exchange, body) => {
      const response = exchange.response;
      const status = response?.status ?? 0;
      const type = contentType(response?.headers ?? {});
      if (status < 200 || status > 299) return [{ message: `expected a page, got ${describeResponse(exchange, body)}` }];
      if (!type || !HTML.test(type)) {
        return [{ message: `expected an HTML page, got Content-Type ${type ?? '(none)'}: ${describeResponse(exchange, body)}` }];
      }
      return response?.body ? [] : [{ message: 'the HTML answer has an empty body' }];
    }),
};

function contentType(headers: Record<string, string | string[]>): string | undefined {
  const key = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type');
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

import { type Check, eachExchange, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';
import { sentParam } from './sent-param.js';

/**
 * A `redirect_uri` the client sent is one of the app's valid OAuth redirect URIs (the profile's
 * `app.redirect_uris`), exactly (R18). A listed URI with query parameters added is not judged (R18); without a
 * profile nothing is (the rule declares the need and is skipped).
 */
export const registeredRedirectUri: Check = {
  name: 'registered-redirect-uri',
  acceptsAnyBody: true,
  explain: () => "the request's `redirect_uri` is exactly one of the app's valid OAuth redirect URIs",
  args: NO_ARGS,
  run: (input) => {
    const valid = input.facts.traffic?.profile?.app.redirect_uris;
    if (!valid) return judgedCount([], 0, 'no profile gives the valid redirect URIs');
    let judged = 0;
    const findings = eachExchange(input, (exchange) => {
      const uri = sentParam(exchange, 'redirect_uri');
      if (typeof uri === 'string') judged += 1;
      if (typeof uri !== 'string' || valid.includes(uri) || valid.includes(uri.replace(/\?.*$/, ''))) return [];
      return [{ message: `sent \`redirect_uri=${uri}\`, which is not among the app's valid OAuth redirect URIs`, expected: valid, actual: uri }];
    });
    return judgedCount(findings, judged, 'no request carried `redirect_uri`');
  },
};

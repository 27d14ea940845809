import { type Check, eachExchange, judgedEach } from './check.js';
import { describeResponse, isErrorResponse } from './error-envelope.js';
import { describeMatcher, type Matcher, MATCHER_SCHEMA, mismatches } from './matchers.js';
import { object, optional, STRING } from '../validation/json-schema.js';
import { locationOf, parseRedirect, type RedirectParts } from './redirect-location.js';

export interface RedirectArgs {
  /** The redirect goes to this URI (compared before its `?`). */
  to?: string;
  /** Decoded query parameters of the redirect. */
  params?: Record<string, Matcher>;
  /** Query values exactly as written in the redirect, before any decoding. */
  raw_params?: Record<string, Matcher>;
  fragment?: Matcher;
}

/**
 * The answer is a redirect (`location` in the body, or a Location header) whose target, query parameters and
 * fragment match. Failures quote the whole redirect so a report shows what the person was sent to.
 */
export const redirect: Check<RedirectArgs | undefined> = {
  name: 'redirect',
  explain: (raw) => {
    const args = raw ?? {};
    const parts = [args.to ? `the answer redirects to ${args.to}` : 'the answer is a redirect'];
    for (const [name, m] of Object.entries(args.params ?? {})) parts.push(`query \`${name}\` ${describeMatcher(m)}`);
    for (const [name, m] of Object.entries(args.raw_params ?? {})) {
      parts.push(`raw query text of \`${name}\` ${describeMatcher(m)}`);
    }
    if (args.fragment) parts.push(`fragment ${describeMatcher(args.fragment)}`);
    return parts.join(', ');
  },
  args: optional(
    object({
      to: STRING,
      params: { type: 'object', additionalProperties: MATCHER_SCHEMA },
      raw_params: { type: 'object', additionalProperties: MATCHER_SCHEMA },
      fragment: MATCHER_SCHEMA,
    }),
  ),
  run: (input, raw) =>
    judgedEach(input, eachExchange(input, (exchange, body) => {
      const location = locationOf(exchange, body);
      if (location === undefined) {
        const got = isErrorResponse(exchange, body) ? 'an error' : 'no redirect';
        return [{ message: `expected a redirect, got ${got}: ${describeResponse(exchange, body)}` }];
      }
      return judge(parseRedirect(location), raw ?? {});
    })),
};

function judge(parts: RedirectParts, args: RedirectArgs) {
  const problems: string[] = [];
  if (args.to !== undefined && parts.base !== args.to.split(/[?#]/)[0]) {
    problems.push(`goes to ${parts.base}, expected ${args.to}`);
  }
  for (const [name, m] of Object.entries(args.params ?? {})) {
    problems.push(...mismatches(parts.params[name], m).map((p) => `query \`${name}\` ${p}`));
  }
  for (const [name, m] of Object.entries(args.raw_params ?? {})) {
    problems.push(...mismatches(parts.rawParams[name], m).map((p) => `raw query text of \`${name}\` ${p}`));
  }
  if (args.fragment) problems.push(...mismatches(parts.fragment, args.fragment).map((p) => `fragment ${p}`));
  // The redirect goes in the message only: reports redact codes in messages, not in `actual`.
  return problems.map((problem) => ({ message: `${problem} (redirect: ${parts.raw})` }));
}

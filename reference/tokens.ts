import { APP_TOKEN, NAMED_TOKENS } from './fixtures.js';
import { invalidToken } from './graph-error.js';
import { defineSlice } from './state-store.js';
import type { RefContext, TokenInfo } from './types.js';

/** Tokens issued at run time (code exchange); gone after `reset`. */
export const issuedTokensSlice = defineSlice('issued-tokens', () => new Map<string, TokenInfo>());

const STATIC = new Map<string, TokenInfo>(
  [...Object.values(NAMED_TOKENS), APP_TOKEN].map((info) => [info.token, info]),
);

/**
 * The token behind `access_token`, or null when none was sent. A token the target never issued is code 190
 * before any route runs.
 */
export function resolveToken(raw: string | null, ctx: RefContext): TokenInfo | null {
  if (raw === null || raw === '') return ctx.faults.has('tokens-missing-served') ? NAMED_TOKENS.page! : null;
  const known = STATIC.get(raw) ?? ctx.state.get(issuedTokensSlice).get(raw);
  if (known) return known;
  if (ctx.faults.has('tokens-unknown-accepted')) return { ...NAMED_TOKENS.page!, token: raw };
  throw invalidToken('Invalid OAuth access token - Cannot parse access token');
}

/** Routes call this when they need a token at all; the reference answers a missing token with code 190. */
export function requireToken(req: { token: TokenInfo | null }): TokenInfo {
  if (!req.token)
    throw invalidToken('An active access token must be used to query information about this object.');
  return req.token;
}

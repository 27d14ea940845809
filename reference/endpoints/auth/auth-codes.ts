import { createHmac } from 'node:crypto';
import { stableSecret } from '../../fixtures.js';
import { invalidParam } from '../../graph-error.js';
import { defineSlice } from '../../state-store.js';
import { issuedTokensSlice } from '../../tokens.js';
import type { RefContext, UnixSeconds } from '../../types.js';
import type { AuthorizeRequest } from './authorize-query.js';

/** Codes live one hour (spec Limits); older ones are expired by comparison on the virtual clock. */
export const CODE_LIFETIME = 3600;
const TOKEN_LIFETIME = 5400;
/** What `auth-code-lifetime-too-short` makes of the hour: codes die at 50 minutes. */
const SHORT_LIFETIME = 3000;
/** How long the `auth-code-race` fault leaves a checked code unmarked, like a slow store write. */
const RACE_WINDOW_MS = 200;

interface CodeRecord {
  request: AuthorizeRequest;
  issuedAt: UnixSeconds;
  used: boolean;
}

const codesSlice = defineSlice('auth-codes', () => ({
  codes: new Map<string, CodeRecord>(),
  issued: 0,
  tokens: 0,
}));

/** A fresh code: deterministic (counter + HMAC with the app secret) yet random-looking, URL-safe. */
export function issueCode(request: AuthorizeRequest, ctx: RefContext): string {
  const slice = ctx.state.get(codesSlice);
  slice.issued += 1;
  const mac = createHmac('sha256', ctx.profile.app.secret).update(`code:${slice.issued}`).digest('base64url');
  const code = `AQ${mac.slice(0, 46)}`;
  const key = ctx.faults.has('auth-code-marker-inside') ? `${code}#_` : code;
  slice.codes.set(key, { request, issuedAt: ctx.clock.now(), used: false });
  return code;
}

export interface ExchangeInput {
  redirectUri: string;
  code: string;
}

/**
 * Single use, one hour (contract §3.3). The code must be exactly as issued: a `code#_` with the marker still
 * attached is not the code (R37). Check and mark happen in one tick, so concurrent exchanges cannot both win.
 */
export async function exchangeCode(input: ExchangeInput, ctx: RefContext) {
  const slice = ctx.state.get(codesSlice);
  const code = ctx.faults.has('auth-code-marker-tolerated') ? input.code.replace(/#_$/, '') : input.code;
  const record = slice.codes.get(code);
  if (!record) throw invalidParam('Invalid verification code format.');
  if (record.request.redirectUri !== input.redirectUri) {
    throw invalidParam('redirect_uri is not identical to the one used in the authorization request.');
  }
  if (ctx.clock.now() - record.issuedAt > lifetimeOf(ctx) && !ctx.faults.has('auth-code-never-expires')) {
    throw invalidParam('This authorization code has expired.');
  }
  if (record.used && !ctx.faults.has('auth-code-reusable')) {
    throw invalidParam('This authorization code has been used.');
  }
  // The fault opens the window between check and mark that a correct implementation must not have.
  if (ctx.faults.has('auth-code-race')) await new Promise((resolve) => setTimeout(resolve, RACE_WINDOW_MS));
  record.used = true;
  slice.tokens += 1;
  const token = stableSecret('EAAU', `issued-${slice.tokens}`);
  if (!ctx.faults.has('auth-issued-token-unknown')) {
    const permissions = [...record.request.scopes];
    ctx.state.get(issuedTokensSlice).set(token, { token, kind: 'user', tasks: [], permissions });
  }
  return { access_token: token, token_type: 'bearer', expires_in: TOKEN_LIFETIME };
}

const lifetimeOf = (ctx: RefContext): number =>
  ctx.faults.has('auth-code-lifetime-too-short') ? SHORT_LIFETIME : CODE_LIFETIME;

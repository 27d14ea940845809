import type { StepOutput } from './check.js';
import { errorPart, isErrorResponse } from './error-envelope.js';
import type { Exchange } from '../model/index.js';
import { type Profile, profileTokens } from '../profile/profile.js';

/** The spec's table: 190 is "Invalid OAuth 2.0 access token". */
const INVALID_TOKEN_CODE = 190;

/**
 * Why a step's findings cannot be judged: the target refused one of the profile's own tokens (code 190) after the
 * run had moved its clock. The contract's clock expires codes, not tokens, and says nothing of tokens outliving
 * 75 days of advances; a target that lets them expire is not wrong, so its refusal is no finding.
 */
export function tokenRefusedAfterClockMove(
  outcome: StepOutput,
  profile: Profile,
  movedSeconds: number,
): string | undefined {
  if (movedSeconds <= 0) return undefined;
  const tokens = profileTokens(profile).filter((t) => t.length > 0);
  const refused = outcome.exchanges.find(
    (exchange, i) =>
      exchange.kind !== 'control' &&
      isErrorResponse(exchange, outcome.bodies[i]) &&
      Number(errorPart(outcome.bodies[i], 'code', { errorPaths: profile.errors })) === INVALID_TOKEN_CODE &&
      carriesAny(exchange, tokens),
  );
  if (!refused) return undefined;
  const where = `${refused.request.method} ${new URL(refused.request.url).pathname}`;
  return (
    `${where} refused a token of the profile (code ${INVALID_TOKEN_CODE}) after the run moved the target's clock ` +
    `${movedSeconds} s; the contract does not say tokens outlive clock moves, so this cannot be judged ` +
    '(give tokens that do not expire on the target clock)'
  );
}

function carriesAny(exchange: Exchange, tokens: string[]): boolean {
  const { url, body, headers } = exchange.request;
  const text = [url, body ?? '', ...Object.values(headers).flat()].join('\n');
  return tokens.some((token) => text.includes(token) || text.includes(encodeURIComponent(token)));
}

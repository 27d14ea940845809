import { isErrorResponse } from '../checks/error-envelope.js';
import { pathOf } from '../http/path-of.js';
import type { Exchange, RuleCause } from '../model/index.js';
import { requestIn } from '../suite/rule-endpoints.js';
import { endpointOf, findingCause, refusalCause } from '../verdict/cause.js';
import { lookup } from '../validation/lookup.js';
import type { StepOutcome } from './step-outcome.js';

/** What a cause is read from: the step's body (its request template), its outcome, and the exchange at fault. */
export interface CauseSource {
  body: unknown;
  outcome: StepOutcome;
  /** The exchange the finding points at (or the refused control's); absent: the step's last. */
  exchange?: Exchange;
  /** The check that found it, and what it said. */
  check: string;
  message: string;
  /** Where the profile says an error answer keeps its parts (`error.code`, `error.message`). */
  errorPaths: { code: string; message: string };
}

/**
 * The cause of a step's finding: a request answered with an error is a refusal of its endpoint (rules that met the
 * same refusal share it, whichever step sent it); anything else is the finding's check on that endpoint.
 */
export function stepCause(source: CauseSource): RuleCause {
  const { outcome } = source;
  const exchange = source.exchange ?? outcome.exchanges.at(-1);
  const i = exchange ? outcome.exchanges.indexOf(exchange) : -1;
  const endpoint = endpointOfStep(source.body, exchange);
  if (exchange && isErrorResponse(exchange, outcome.bodies[i])) {
    const body = outcome.bodies[i];
    return refusalCause(endpoint, exchange, { code: lookup(body, source.errorPaths.code), message: lookup(body, source.errorPaths.message) });
  }
  return findingCause(source.check, endpoint, source.message);
}

/** The step's endpoint as its suite writes it, else the exchange's own path with its ids made `{id}`. */
function endpointOfStep(body: unknown, exchange: Exchange | undefined): string {
  const request = requestIn(body);
  if (request) return endpointOf(request.method, request.path);
  if (exchange) return endpointOf(exchange.request.method, pathOf(exchange.request.url));
  return 'a step without a request';
}

import { isErrorResponse } from '../checks/error-envelope.js';
import { pathOf } from '../http/path-of.js';
import type { Exchange, RuleCause } from '../model/index.js';
import { requestIn } from '../suite/rule-endpoints.js';
import { endpointOf, findingCause, refusalCause, unansweredCause } from '../verdict/cause.js';
import type { TargetFailure } from '../errors.js';
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
  errorPaths: { code: string; subcode: string; message: string };
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
    const paths = source.errorPaths;
    return refusalCause(endpoint, exchange, { code: lookup(body, paths.code), subcode: lookup(body, paths.subcode), message: lookup(body, paths.message) });
  }
  return findingCause(source.check, endpoint, source.message);
}

/**
 * The cause of a request that left nothing to judge (`TargetFailure`: no answer in time, a closed connection, an
 * answer that is not JSON): its endpoint, with the ids of its path made `{id}`, and how it failed.
 */
export function failureCause(failure: TargetFailure): RuleCause {
  const { request, response } = failure.exchange;
  const endpoint = endpointOf(request.method, pathOf(request.url));
  const type = response?.headers?.['content-type'];
  return unansweredCause(endpoint, {
    code: failure.exchange.error?.code ?? failure.code,
    ...(response && !failure.exchange.error ? { status: response.status } : {}),
    ...(typeof type === 'string' ? { type } : {}),
    // The message opens with the request as sent (`GET http://host/v25.0/2000001_12/comments`): the endpoint instead.
    message: failure.message.replace(/^[A-Z]+ \S+?(?=:? )/, ''),
  });
}

/** The step's endpoint as its suite writes it, else the exchange's own path with its ids made `{id}`. */
function endpointOfStep(body: unknown, exchange: Exchange | undefined): string {
  const request = requestIn(body);
  if (request) return endpointOf(request.method, request.path);
  if (exchange) return endpointOf(exchange.request.method, pathOf(exchange.request.url));
  return 'a step without a request';
}

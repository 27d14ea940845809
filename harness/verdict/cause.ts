import { headerValue } from '../headers.js';
import type { Exchange, RecordedRequest, RuleCause, RuleResult } from '../model/index.js';

/**
 * Causes: what a failure or an error comes from, so that reports can put one headline over the rules it broke.
 * Keys are built from data only (an endpoint template, where parameters were sent, an error code, a profile
 * field), never from a target's wording, which carries ids that differ from rule to rule.
 */

/** `POST /{{captured.parent}}/comments` (a suite's path template) as the endpoint causes name: `POST /{id}/comments`. */
export function endpointOf(method: string, pathTemplate: string): string {
  const path = pathTemplate
    .split('?')[0]!
    .replace(/^\/v\d+\.\d+(?=\/)/, '')
    .split('/')
    .map((segment) => (/\{|\d/.test(segment) ? '{id}' : segment))
    .join('/');
  return `${method.toUpperCase()} ${path}`;
}

/**
 * A request answered with an error where the rule needed a success: the same endpoint, parameters sent the same
 * way and the same error code are one cause, whichever rule sent it (a setup request, a judged one, a positive
 * control). `answer`: the error code and message the answer carries at the profile's error paths, if any (the
 * message is shown in the headline, never part of the key: it may name ids).
 */
export function refusalCause(endpoint: string, exchange: Exchange, answer: { code: unknown; message: unknown }): RuleCause {
  const where = parametersIn(exchange.request);
  const said = answerOf(exchange, answer.code);
  const message = typeof answer.message === 'string' ? ` ("${answer.message.length > 100 ? `${answer.message.slice(0, 100)}…` : answer.message}")` : '';
  return {
    key: `refused ${endpoint}${where ? ` [${where}]` : ''} -> ${said}`,
    title: `${endpoint}${where ? ` with its parameters in ${where}` : ''} answered ${said}${message}`,
  };
}

/** A finding that is no refusal (a wrong value, a missing item): its check on its endpoint. */
export function findingCause(check: string, endpoint: string, message: string): RuleCause {
  return { key: `finding ${check} ${endpoint}`, title: `${endpoint}: ${message}` };
}

/** A preflight problem (a token, a fixture, a capability), keyed by the profile field it is about. */
export function preflightCause(field: string, problem: string): RuleCause {
  return { key: `preflight ${field}`, title: problem };
}

/**
 * A result's cause: the one it carries, else (a report from an older graphcheck, recorded traffic judged) its
 * reason for an unjudged rule, and a failure's own rule for a failure.
 */
export function causeOfResult(result: RuleResult): RuleCause {
  if (result.cause) return result.cause;
  if (result.verdict === 'error') return reasonCause(result.reason ?? 'no reason given');
  return { key: `rule ${result.rule}`, title: result.reason ?? `${result.rule} failed` };
}

/** Anything else that left a rule unjudged: rules share it when they give the same reason. */
export function reasonCause(reason: string): RuleCause {
  return { key: `reason ${reason}`, title: reason };
}

/** The answer as a cause names it: its error code, else its status, else why none came. */
function answerOf(exchange: Exchange, code: unknown): string {
  if (typeof code === 'number' || (typeof code === 'string' && /^\d+$/.test(code))) return `code ${code}`;
  if (exchange.response) return `HTTP ${exchange.response.status}`;
  return `no answer (${exchange.error?.code ?? 'none'})`;
}

/** Where a request's parameters travelled, the access token apart: the query string, the body, or both. */
export function parametersIn(request: RecordedRequest): string | undefined {
  const query = [...new URL(request.url).searchParams.keys()].some((name) => name !== 'access_token');
  const body = bodyHasParameters(request);
  if (query && body) return 'the query string and the body';
  if (query) return 'the query string';
  return body ? 'the body' : undefined;
}

function bodyHasParameters(request: RecordedRequest): boolean {
  if (request.body === undefined || request.body === '') return false;
  const type = headerValue(request.headers, 'content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded')) return true;
  return [...new URLSearchParams(request.body).keys()].some((name) => name !== 'access_token');
}

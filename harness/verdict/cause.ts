import { headerValue } from '../headers.js';
import type { Exchange, RecordedRequest, RuleCause, RuleResult } from '../model/index.js';

/**
 * Causes: what a failure or an error comes from, so that reports can put one headline over the rules it broke, and
 * only over rules broken by the same thing. Keys are built from data (an endpoint template, where parameters were
 * sent, an error code and subcode, a profile field) and from the shape of what was said (`shapeOf`: the words,
 * with the ids, numbers and quoted values that differ from rule to rule taken out): two refusals of one endpoint
 * with one code but different messages ("caption must be plain text", "heading out of range") are two defects; one
 * timeout met by 23 rules at 23 object ids is one.
 */

/**
 * A message as a cause key reads it: every word holding a digit (an id, a count, a path segment such as
 * `2000001_12`) becomes `#`, a list of them one `#`, a quoted value `"…"` (a generated caption); the words stay,
 * field paths too (`body/data/#/id`).
 */
export function shapeOf(text: string): string {
  return text
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/[^\s,;:()[\]{}'"`/?&=]*\d[^\s,;:()[\]{}'"`/?&=]*/g, '#')
    .replace(/#(?:(?:,\s*|\s+(?:and|or)\s+)#)+/g, '#')
    .slice(0, 200);
}

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
export function refusalCause(endpoint: string, exchange: Exchange, answer: { code: unknown; message: unknown; subcode?: unknown }): RuleCause {
  const where = parametersIn(exchange.request);
  const said = answerOf(exchange, answer.code);
  const subcode = typeof answer.subcode === 'number' || typeof answer.subcode === 'string' ? `/${String(answer.subcode)}` : '';
  const message = typeof answer.message === 'string' ? ` ("${answer.message.length > 100 ? `${answer.message.slice(0, 100)}…` : answer.message}")` : '';
  const shape = typeof answer.message === 'string' ? `: ${shapeOf(answer.message)}` : '';
  return {
    key: `refused ${endpoint}${where ? ` [${where}]` : ''} -> ${said}${subcode}${shape}`,
    title: `${endpoint}${where ? ` with its parameters in ${where}` : ''} answered ${said}${message}`,
  };
}

/** A finding that is no refusal (a wrong value, a missing item): its check on its endpoint. */
export function findingCause(check: string, endpoint: string, message: string): RuleCause {
  return { key: `finding ${check} ${endpoint}: ${shapeOf(message)}`, title: `${endpoint}: ${message}` };
}

/**
 * A request that got no answer to judge (a timeout, a refused connection, an answer that is not JSON): the same
 * endpoint failing the same way is one cause, whichever object ids its path held. `said`: how it failed, as an
 * error code (`TIMEOUT`, `ECONNRESET`, `TARGET_GARBAGE`) and the words for the headline, after the endpoint
 * (`: no answer within 10000 ms`, ` answered HTTP 200 (text/html) without a JSON body`).
 */
export function unansweredCause(endpoint: string, failure: { code: string; status?: number; type?: string; message: string }): RuleCause {
  const answer = failure.status === undefined ? '' : ` HTTP ${failure.status}${failure.type ? ` (${failure.type.split(';')[0]!.trim()})` : ''}`;
  return { key: `unanswered ${endpoint} -> ${failure.code}${answer}`, title: `${endpoint}${failure.message}` };
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
  return { key: `reason ${shapeOf(reason)}`, title: reason };
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

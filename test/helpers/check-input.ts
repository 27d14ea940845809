import type { CheckContext, CheckInput } from '../../harness/checks/check.js';
import type { StepFacts } from '../../harness/checks/step-facts.js';
import type { Exchange } from '../../harness/model/index.js';

/** Where the reference's error answers keep their parts (profile `errors`, contract §3.1): the context check tests judge in. */
export const ERROR_PATHS: CheckContext['errorPaths'] = {
  code: 'error.code',
  subcode: 'error.error_subcode',
  message: 'error.message',
  type: 'error.type',
};

/** The context every check test judges in. */
export const CHECK_CONTEXT: CheckContext = { errorPaths: ERROR_PATHS };

/** One exchange answered `status` with `body` (JSON unless a string is given with its own content type). */
export function answered(status: number, body: unknown, headers: Record<string, string> = {}): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {} },
    response: { status, headers: { 'content-type': 'application/json', ...headers }, body: text },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
}

/** An exchange that got no answer (the connection was refused). */
export function unanswered(): Exchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {} },
    error: { code: 'ECONNREFUSED', message: 'connection refused' },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
}

/** What a step hands its checks: `exchanges`, their bodies (parsed JSON where they are JSON) and `facts`. */
export function checkInput(exchanges: Exchange[], facts: StepFacts = {}, bodies = exchanges.map(jsonBodyOf)): CheckInput {
  return { exchanges, bodies, facts };
}

function jsonBodyOf(exchange: Exchange): unknown {
  try {
    return exchange.response?.body === undefined ? undefined : (JSON.parse(exchange.response.body) as unknown);
  } catch {
    return undefined;
  }
}

/** Every fact a step can leave, each present and empty: what lets a check that needs facts judge (or say why not). */
export const EVERY_FACT: Required<StepFacts> = {
  afterEnd: { page: 1, more: 0 },
  truncated: true,
  stopped: { page: 1 },
  afterProbes: [],
  verifications: [],
  webhook: { injected: [], subscriptions: {}, notLive: [] },
  waited: { satisfied: true, summary: 'nothing was waited for' },
  tls: { scheme: 'http' },
  traffic: { targetTimeOf: () => 0, codeAgeMs: () => undefined },
};

import { everyStep, passiveBlocks, type Rule } from './suite.js';
import { type Step, stepKind } from './step.js';

/**
 * The endpoints a rule sends to, as `METHOD /path` with `{name}` for each id in the path (`POST /{page_id}/feed`):
 * from every step that carries a request (whatever its kind, each alternative of a `one_of` step included) and
 * from the rule's API `passive:` blocks, and the requests its `given:` draws from (an operation drawn at random).
 */
export function endpointsOf(rule: Rule): string[] {
  const steps = everyStep(rule);
  const found = new Set([...endpointsOfSteps(steps), ...endpointsOfGiven(rule)]);
  for (const step of steps) {
    const { name, body } = stepKind(step);
    const implied = IMPLIED_ENDPOINTS[name === 'cases' ? String((body as { as?: unknown }).as ?? 'request') : name];
    if (implied) found.add(implied);
  }
  for (const block of passiveBlocks(rule)) {
    const { kind, method, path } = block.match;
    if ((kind ?? 'api') === 'api' && path) found.add(`${method?.toUpperCase() ?? '*'} ${normalPath(path)}`);
  }
  return [...found].sort();
}

/** Step kinds that send to a fixed endpoint without naming it (a `cases:` step sent `as:` one of them too). */
const IMPLIED_ENDPOINTS: Record<string, string> = {
  subscribe: 'POST /{app_id}/subscriptions',
  unsubscribe: 'DELETE /{app_id}/subscriptions',
};

/** The endpoints these steps (of one kind each) send to, in their order, each once. */
export function endpointsOfSteps(steps: Step[]): string[] {
  const found = new Set<string>();
  for (const step of steps) {
    for (const request of requestsIn(stepKind(step).body)) found.add(`${request.method.toUpperCase()} ${normalPath(request.path)}`);
  }
  return [...found];
}

/**
 * The endpoints of the requests a rule's `given:` values hold (`op: { enum: [{ request: {...} }] }`): a step that
 * sends `{{given.op.request}}` may send any of them, so the rule reaches each.
 */
export function endpointsOfGiven(rule: Pick<Rule, 'given'>): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 8) return;
    const request = value as { method?: unknown; path?: unknown };
    if (typeof request.method === 'string' && typeof request.path === 'string') found.add(`${request.method.toUpperCase()} ${normalPath(request.path)}`);
    for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  walk(rule.given, 0);
  return [...found];
}

/**
 * The requests a step body names: one, a `fill:` step's create and list, or a `cases:` step's base and the other
 * paths its groups try.
 */
function requestsIn(value: unknown): { method: string; path: string }[] {
  const one = requestIn(value);
  if (one) return [one];
  const { create, list } = (value ?? {}) as { create?: unknown; list?: unknown };
  const filled = [requestIn(create), requestIn(list)].filter((r) => r !== undefined);
  if (filled.length) return filled;
  const { base, groups } = (value ?? {}) as { base?: unknown; groups?: { with?: { path?: unknown } }[] };
  const first = requestIn(base);
  if (!first) return [];
  const paths = (Array.isArray(groups) ? groups : []).map((g) => g.with?.path).filter((p): p is string => typeof p === 'string');
  return [first, ...paths.map((path) => ({ method: first.method, path }))];
}

/** A request body (`request:`), or a step body holding one (`walk: { request }`, `repeat: { request }`). */
export function requestIn(value: unknown): { method: string; path: string } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { method?: unknown; path?: unknown; request?: unknown };
  if (typeof v.method === 'string' && typeof v.path === 'string') return { method: v.method, path: v.path };
  return v.request ? requestIn(v.request) : undefined;
}

/** `/{{fixtures.page_id}}/feed` -> `/{page_id}/feed`, `/{{app.id}}/subscriptions` -> `/{app_id}/subscriptions`. */
function normalPath(path: string): string {
  return path
    .replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => `{${expr.replace(/^(fixtures|captured|picked)\./, '').replace(/\W+/g, '_')}}`)
    .replace(/^\/v\d+\.\d+(?=\/)/, '');
}

/**
 * Whether `pattern` (`POST /{page_id}/feed`, or a path alone for any method) names `endpoint`: methods equal
 * (or either is `*`), literal segments equal, and an `{id}` segment matches any `{id}` segment, since every
 * object of the interface is read at `/{id}` whatever the suite calls it.
 */
export function endpointMatches(pattern: string, endpoint: string): boolean {
  const [pm, pp] = splitEndpoint(pattern);
  const [em, ep] = splitEndpoint(endpoint);
  if (pm !== '*' && em !== '*' && pm !== em) return false;
  const a = normalPath(pp).split('/').filter(Boolean);
  const b = ep.split('/').filter(Boolean);
  return a.length === b.length && a.every((s, i) => s === b[i] || (isParam(s) && isParam(b[i]!)));
}

function splitEndpoint(text: string): [string, string] {
  const [first, ...rest] = text.trim().split(/\s+/);
  if (rest.length === 0) return ['*', first ?? ''];
  return [first!.toUpperCase(), rest.join('')];
}

function isParam(segment: string): boolean {
  return /^\{[^}]*\}$/.test(segment);
}

import type { Citation, Strength } from '../model/index.js';

/** A suite as loaded from YAML, validated against schemas/suite.schema.json. Strings may hold `{{ }}` templates. */
export interface Suite {
  suite: string;
  title: string;
  description?: string;
  /** Documented rules a black-box run cannot check, with the reason (listed in reports, never silently dropped). */
  not_checkable?: { what: string; cites: Citation[]; why: string }[];
  rules: Rule[];
  /** Where it came from, for `file:line` messages. */
  file: string;
  lineOf(pointer: string): number | undefined;
}

export interface Rule {
  id: string;
  title: string;
  strength: Strength;
  /**
   * `client`: the rule judges the caller's own requests in recorded traffic (`graphcheck check --side client`).
   * It has passive blocks only (`steps` is empty) and `run` never selects it. Default `service`.
   */
  side?: 'service' | 'client';
  cites: Citation[];
  readings?: string[];
  needs?: Needs;
  given?: Record<string, GeneratorSpec>;
  runs?: number;
  reset?: 'rule' | 'each-run' | 'never';
  steps: Step[];
  /**
   * How `graphcheck check` judges this rule from recorded traffic, when one exchange (or a group) can show it; a
   * list when different exchanges show different parts of the rule.
   */
  passive?: PassiveSpec | PassiveSpec[];
}

/** Which recorded exchanges a rule applies to, and what they must show. */
export interface PassiveSpec {
  match: ExchangeMatch;
  /** Judge exchanges in groups sharing this parameter (`code`: every exchange of one authorization code). */
  group_by?: string;
  expect: Expectation[];
}

export interface ExchangeMatch {
  /** Which traffic: `api` calls (the default), or the webhook requests the target sent to a callback. */
  kind?: 'api' | 'webhook-verification' | 'webhook-notification';
  method?: string;
  /** `/{page_id}/feed`: `{name}` matches one path segment; a version prefix is ignored. Required for `api`. */
  path?: string;
  /**
   * Request parameters (query, form, JSON or multipart fields) that must match: a value, or a matcher object.
   * A dotted name reaches into an object parameter (`feed_targeting.age_min`).
   */
  params?: Record<string, unknown>;
  /** Whether the request carried a file part (`true`/`false`), or one of at least this many bytes. */
  files?: boolean | { largest_bytes_gte?: number };
  /** Only exchanges whose response is a success (`true`) or an error (`false`). */
  ok?: boolean;
}

/** A rule's passive blocks as a list, whichever way the suite wrote them. */
export function passiveBlocks(rule: Rule): PassiveSpec[] {
  if (!rule.passive) return [];
  return Array.isArray(rule.passive) ? rule.passive : [rule.passive];
}

export interface Needs {
  tokens?: string[];
  fixtures?: string[];
  capabilities?: string[];
  /** Optional profile paths that must be set, e.g. `versions.served_header`. */
  profile?: string[];
}

export type GeneratorSpec =
  | { integer: { min: number; max: number } }
  | { constant: unknown }
  | { enum: unknown[] | string }
  | { boolean: Record<string, never> }
  | { string: { min_length?: number; max_length?: number; unit?: string; chars?: string; matching?: string } }
  | { array: { of: GeneratorSpec; min_length?: number; max_length?: number } }
  | { record: Record<string, GeneratorSpec> }
  | { oneof: GeneratorSpec[] }
  | { except: { of: GeneratorSpec; values: unknown } }
  | { near_miss_uri: { of: unknown } };

export interface RequestSpec {
  method: 'GET' | 'POST' | 'DELETE';
  base?: 'api' | 'auth' | 'imgnet' | 'url';
  path?: string;
  /** `default` (the run's prefix), `none` (bare path), or a version / template. */
  version?: unknown;
  /** A profile token name, `app`, `unissued`, `none`, or a template yielding a token. */
  token?: string;
  query?: Record<string, unknown>;
  form?: Record<string, unknown>;
  json?: unknown;
  multipart?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** An `exchange:` step (contract §3.3). Values may be templates; client fields default to the profile's app. */
export interface ExchangeStepSpec {
  code: unknown;
  /** Default: `app.redirect_uris[0]`. */
  redirect_uri?: unknown;
  client_id?: unknown;
  client_secret?: unknown;
  /** How many times the same code is sent (default 1). */
  count?: unknown;
  /** Send all of them at the same moment instead of one after another. */
  at_once?: boolean;
  /** Seconds to move the target's clock between attempts made one after another. */
  advance_between?: unknown;
}

/** An expectation names a registered check: `ok`, or `{ error: { code: 100 } }`. */
export type Expectation = string | Record<string, unknown>;

export interface StepCommon {
  note?: string;
  expect?: Expectation[];
  /**
   * Checks of what the target's data must be like for the rule to be judged at all (a fixture small enough to
   * compare, say). Judged after `expect`; one that does not hold makes the rule `error`, never `failed`.
   */
  assume?: Expectation[];
  /** name -> path into the step's (last) response, e.g. `body.id`, `location.query.code`. */
  capture?: Record<string, string>;
}

export type Step = StepCommon &
  (
    | { request: RequestSpec }
    | { walk: { request: RequestSpec; max_pages?: number } }
    | { parallel: { count: unknown; request: RequestSpec } }
    | { repeat: { count: unknown; request: RequestSpec; advance_between?: unknown } }
    | { clock: { advance: unknown } }
    | { authorize: { query: Record<string, unknown>; decision: 'allow' | 'deny' } }
    | { exchange: ExchangeStepSpec }
    | WebhookStep
  );

/** Webhook steps (harness/engine/steps/subscribe-step.ts, deliveries-step.ts, webhook-control-steps.ts). */
export type WebhookStep =
  | { subscribe: { object: unknown; fields?: unknown; include_values?: unknown; callback?: unknown; verify_token?: unknown; token?: string } }
  | { events: { updates: unknown; fill_to?: unknown } }
  | { 'app-live': { live: unknown } }
  | { 'receiver-fail': { next: unknown; how?: unknown } }
  | { deliveries: { advance_to?: unknown; real_timeout_ms?: unknown } };

export const STEP_KINDS = [
  'request',
  'walk',
  'parallel',
  'repeat',
  'clock',
  'authorize',
  'exchange',
  'subscribe',
  'events',
  'app-live',
  'receiver-fail',
  'deliveries',
] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export function stepKind(step: Step): StepKind {
  return STEP_KINDS.find((k) => k in step)!;
}

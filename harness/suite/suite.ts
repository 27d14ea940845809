import type { Citation, Strength } from '../model/index.js';
import type { SequenceSpec } from './sequence-spec.js';
import { alternativesOf, type Expectation, type GeneratorSpec, type Step } from './step.js';

/** A suite as loaded from YAML, validated against schemas/suite.schema.json. Strings may hold `{{ }}` templates. */
export interface Suite {
  suite: string;
  title: string;
  description?: string;
  /** Documented rules a black-box run cannot check, with the reason (listed in reports, never silently dropped). */
  not_checkable?: { what: string; kind: ReasonKind; cites: Citation[]; why: string }[];
  rules: Rule[];
  /** Where it came from, for `file:line` messages. */
  file: string;
  lineOf(pointer: string): number | undefined;
}

/**
 * Why no rule judges a statement (schemas/suite.schema.json, `reasonKind`): it states no behaviour a request could
 * show broken, it asks something of the caller, what judging it needs is not shown, or it needs what the target
 * contract cannot give.
 */
export type ReasonKind = 'descriptive' | 'client-advice' | 'not-shown' | 'beyond-contract';

/** Whose behaviour a rule judges: the target's answers, the caller's requests, or an app's webhook callback. */
export type RuleSide = 'service' | 'client' | 'callback';

/** Who wrote a rule: a person, or the generator of the spec's sweeps. */
export type RuleOrigin = 'hand' | 'sweep';

export interface Rule {
  id: string;
  title: string;
  strength: Strength;
  /**
   * `client`: the rule judges the caller's own requests in recorded traffic (`graphcheck check --side client`).
   * It has passive blocks only (`steps` is empty) and `run` never selects it. `callback`: the rule judges an app's
   * own webhook callback, graphcheck playing the service (`graphcheck webhook-test`); `run` never selects it either.
   * Default `service`.
   */
  side?: RuleSide;
  /**
   * `sweep`: generated from the spec's tables (issue 24's token, bound, listed-value and type sweeps) rather than
   * written by hand; `graphcheck coverage` counts what sweeps judge apart. Default `hand`.
   */
  origin?: RuleOrigin;
  cites: Citation[];
  readings?: string[];
  needs?: Needs;
  given?: Record<string, GeneratorSpec>;
  /** Property runs when `--runs` is not given (else the run's default); `--runs N` raises it to at least N. */
  runs?: number;
  /**
   * A ceiling `--runs` never raises the rule past, where more runs judge nothing new (a small input space, an
   * inherently expensive run); never below `runs`. Declared with `max_runs_reason`, which reports show when it bites.
   */
  max_runs?: number;
  max_runs_reason?: string;
  /**
   * `rule`: reset the target before the rule, `each-run`: before every property run (either way the rule runs
   * alone); `never`: not even when it runs alone. Absent: a rule that runs alone resets first, a shared rule never
   * (`engine/exclusivity.ts`).
   */
  reset?: 'rule' | 'each-run' | 'never';
  /**
   * Why the rule runs alone, where its steps cannot show it (a walk that counts every post of the Page, a fixture it
   * deletes). The loader refuses it where a step or `reset:` already makes the rule run alone.
   */
  exclusive?: string;
  /**
   * The steps, in order. In a rule with a `sequence`, the setup every sequence runs first (a post to comment on),
   * each of it setup whose failure leaves the rule unjudged.
   */
  steps: Step[];
  /**
   * Generated sequences of operations judged against a model of the spec (`harness/sequence/`), instead of steps
   * that judge: a rule of its own kind, run through the same rule runner.
   */
  sequence?: SequenceSpec;
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
  /**
   * Judge the pages of each recorded walk together: a page whose request is another page's `paging.next`, or that
   * page's request with `after` set to its `cursors.after`, in the same state (contract §3.4).
   */
  walk?: boolean;
  /**
   * The operation a refusal counts next to (R51), where it is not the refused one: `{ method: GET }` for a method
   * the path does not support, whose valid twin is the same path under a supported method.
   */
  twin?: { method: string };
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
  /**
   * `false`: only requests that carried no credential at all (no `access_token` parameter, no `Authorization`
   * header, no cookie).
   */
  token?: false;
  /**
   * `true`: only exchanges answered with JSON: calls of the interface, whose bodies are JSON (a file or a page the
   * target serves at its own URL, a `full_picture`, is none).
   */
  json?: true;
  /** Only requests whose path carries a version prefix above this one (`{ above: v25.0 }`). */
  version?: { above: string };
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

/**
 * The steps a rule runs whichever alternatives a run takes: every step but those of `one_of`, and the step of each
 * operation of its sequence (any of them may be drawn).
 */
export function fixedSteps(rule: Rule): Step[] {
  return [...rule.steps.filter((step) => !alternativesOf(step)), ...operationSteps(rule)];
}

/** Every step a rule may run: its steps of one kind, each alternative of its `one_of` steps, its operations' steps. */
export function everyStep(rule: Rule): Step[] {
  return [...rule.steps.flatMap((step) => alternativesOf(step) ?? [step]), ...operationSteps(rule)];
}

/** The step of each operation of a rule's sequence (none for a rule of steps). */
export function operationSteps(rule: Rule): Step[] {
  return rule.sequence?.operations.map((operation) => operation.step) ?? [];
}

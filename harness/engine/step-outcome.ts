import { isRecord } from '../checks/check.js';
import { itemId, listItems } from '../checks/list-items.js';
import type { StepOutput } from '../checks/check.js';
import type { FactName, StepFacts } from '../checks/step-facts.js';
import type { Expectation } from '../suite/step.js';

/** What one step produced, handed to its checks; a step kind writes only the facts it declares it leaves. */
export interface StepOutcome<Leaves extends FactName = FactName> extends StepOutput {
  facts: Pick<StepFacts, Leaves>;
  /** A `cases:` step: where each case's exchanges are, judged case by case with its own expectations. */
  cases?: CaseSpan[];
  /** The list item a walk with `find` stopped at (`found` in its captures). */
  found?: Record<string, unknown>;
}

/** Where one case's exchanges are in its step's outcome, and how they are judged. */
export interface CaseSpan {
  name: string;
  why?: string;
  expect?: Expectation[];
  from: number;
  to: number;
  /** The group's positive control was sent and accepted; absent: the group sent none. */
  control?: { accepted: boolean; answer: string };
}

/** The value a `capture:` path reads from: the last response of the step. */
export function captureSubject(outcome: StepOutcome): Record<string, unknown> {
  const last = outcome.exchanges.at(-1);
  const body = outcome.bodies.at(-1);
  const locationText =
    (typeof (body as { location?: unknown } | undefined)?.location === 'string'
      ? (body as { location: string }).location
      : undefined) ?? headerText(last?.response?.headers.location);
  return {
    body,
    status: last?.response?.status,
    headers: last?.response?.headers,
    location: locationText ? parseLocation(locationText) : undefined,
    count: outcome.exchanges.length,
    /** Ids of every list item the step saw (all pages of a walk). */
    ids: listItems(outcome.bodies).map(({ item }) => itemId(item)),
    /** The item a walk with `find` found listed. */
    found: outcome.found,
    /** The `id` of every response body of the step: what a `repeat` of creates created. */
    body_ids: outcome.bodies.map((body) => (isRecord(body) ? itemId(body) : undefined)),
  };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A redirect URL taken apart: `location.query.code`, `location.fragment` (without `#`), `location.raw`. */
export function parseLocation(raw: string): Record<string, unknown> {
  const hash = raw.indexOf('#');
  const beforeHash = hash === -1 ? raw : raw.slice(0, hash);
  const question = beforeHash.indexOf('?');
  const search = question === -1 ? '' : beforeHash.slice(question + 1);
  return {
    raw,
    base: question === -1 ? beforeHash : beforeHash.slice(0, question),
    search,
    query: Object.fromEntries(new URLSearchParams(search)),
    fragment: hash === -1 ? undefined : raw.slice(hash + 1),
  };
}

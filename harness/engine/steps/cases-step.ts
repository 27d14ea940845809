import { describeResponse, isErrorResponse } from '../../checks/error-envelope.js';
import { mergeBody } from '../../suite/merge-body.js';
import type { Expectation } from '../../suite/step.js';
import { object, STRING } from '../../validation/json-schema.js';
import type { CaseSpan, StepOutcome } from '../step-outcome.js';
import { describeRequest, type RequestSpec } from '../../request-building/request-body.js';
import { requestStep } from './request-step.js';
import type { SentExchange } from '../../client/send.js';
import { prefetchRuns } from '../prefetch-runs.js';
import type { Slots } from '../slots.js';
import type { StepKind, StepNeeds, TargetStepKind, TargetStepRun } from './step-kind.js';
import { type SubscribeBody, subscribeStep } from './subscribe-step.js';
import type { FactName } from '../../checks/step-facts.js';

/** One case: its group's body with `with` merged over it, judged alone by its own expectations. */
export interface CaseSpec {
  /** What is varied, in a few words (`attempt=many`): how reports and `graphcheck list --verbose` name the case. */
  name: string;
  /** Merged over the group's body as a control's `with` is: objects key by key, `null` removes a key. */
  with?: Record<string, unknown>;
  /** The case's expectations; absent: the step's. */
  expect?: Expectation[];
  /** Where the case comes from: the spec's words that make it a case (`0 to 360`, `enum 13, 15, 18, 21, 25`). */
  why?: string;
}

/**
 * Cases that vary one part of a request, and the request with that part valid: their positive control (reading
 * R51), sent once before them. A group whose cases are all to be accepted needs none (`control: false`).
 */
export interface CaseGroup {
  /** Merged over the step's base: the part the cases vary, made valid. */
  with?: Record<string, unknown>;
  /**
   * Default true: send the group's body first, as the positive control of its refusals. `last`: after the cases,
   * for a request that consumes what it acts on (a DELETE): refused cases leave the state as it was, so the control
   * still meets the state they met (R51), where sent first it would have removed what they act on.
   */
  control?: boolean | 'last';
  cases: CaseSpec[];
}

/** Cases sent as one kind: a valid body of it (`base`), which each group completes and each case varies. */
interface CasesOf<Base> {
  base: Base;
  groups: CaseGroup[];
}

/** Cases sent as `request` steps (the default). */
export interface RequestCases extends CasesOf<RequestSpec> {
  as?: 'request';
}

/** Cases sent as `subscribe` steps. */
export interface SubscribeCases extends CasesOf<SubscribeBody> {
  as: 'subscribe';
}

/** A `cases:` body: the kind every case is sent as, told apart by `as`. */
export type CasesBody = RequestCases | SubscribeCases;

/** What a cases step asks of the kind its cases are sent as, the kind's body type kept within. */
interface CaseKind {
  needs(body: unknown): StepNeeds;
  exclusive(body: unknown): string | undefined;
  send(step: TargetStepRun<CasesBody>, body: unknown): Promise<void>;
}

/**
 * A kind as a case's: each case's body, merged at run time, is the kind's body (the loader held every group's and
 * case's merged body to the kind's schema, `suite-semantics.ts`).
 */
function caseKind<Body, Leaves extends FactName>(kind: TargetStepKind<Body, Leaves>): CaseKind {
  const bodyOf = (body: unknown) => body as Body;
  return {
    needs: (body) => kind.needs?.(bodyOf(body)) ?? {},
    exclusive: (body) => kind.exclusive?.(bodyOf(body)),
    send: (step, body) => kind.run({ ...step, body: bodyOf(body), outcome: step.outcome as StepOutcome<Leaves> }),
  };
}

/** The kinds a case may be sent as, by the `as:` that names them. */
const CASE_KINDS: Record<NonNullable<CasesBody['as']>, CaseKind> = { request: caseKind(requestStep), subscribe: caseKind(subscribeStep) };

function kindOf(body: CasesBody): CaseKind {
  return CASE_KINDS[body.as ?? 'request'];
}

/** Each group's body and each case's (no scope: at load time and for needs, templates stay as written). */
export function caseBodies(body: CasesBody): { group: unknown; cases: unknown[] }[] {
  return body.groups.map((g) => {
    const group = mergeBody(body.base, g.with ?? {});
    return { group, cases: g.cases.map((c) => mergeBody(group, c.with ?? {})) };
  });
}

const CASE = object({ name: STRING, with: { type: 'object' }, expect: { type: 'array' }, why: STRING }, ['name']);
const GROUP = object({ with: { type: 'object' }, control: { enum: [true, false, 'last'] }, cases: { type: 'array', minItems: 1, items: CASE } }, ['cases']);

/**
 * Many cases of one operation in one step (the sweeps generated from the spec's tables): each group completes the
 * base with the part its cases vary made valid, sends that once as their positive control, then each case, judged
 * alone by its own expectations. Every group runs, so one step reports every case that broke the rule.
 */
export const casesStep: StepKind<CasesBody> = {
  name: 'cases',
  side: 'target',
  explain: (b) => {
    const names = b.groups.flatMap((g) => g.cases.map((c) => c.name));
    const shown = names.length > 6 ? [...names.slice(0, 6), `${names.length - 6} more`] : names;
    const what = b.as === 'subscribe' ? `subscribe ${String(b.base.object)}` : describeRequest(b.base);
    return `send ${what} with each of ${names.length} cases: ${shown.join(', ')}`;
  },
  body: object(
    { as: { enum: Object.keys(CASE_KINDS) }, base: { type: 'object' }, groups: { type: 'array', minItems: 1, items: GROUP } },
    ['base', 'groups'],
  ),
  exclusive: casesExclusive,
  needs: (b) => {
    const kind = kindOf(b);
    const bodies = [b.base, ...caseBodies(b).flatMap((g) => [g.group, ...g.cases])];
    const all: StepNeeds[] = bodies.map((body) => kind.needs(body));
    return {
      tokens: [...new Set(all.flatMap((n) => n.tokens ?? []))],
      capabilities: [...new Set(all.flatMap((n) => n.capabilities ?? []))],
      ...(all.some((n) => n.receiver) ? { receiver: true } : {}),
    };
  },
  run: async (step) => {
    const { body, scope } = step;
    const outcome = step.outcome as StepOutcome;
    const kind = kindOf(body);
    const groups = body.groups.map((group) => {
      const groupBody = mergeBody(body.base, group.with ?? {}, scope);
      return { group, groupBody, cases: group.cases.map((spec) => mergeBody(groupBody, spec.with ?? {}, scope)) };
    });
    // Cases that touch the target's or the app's global state (a subscription, the clock) go one after another.
    const ahead = step.slots && casesExclusive(body) === undefined ? await sendAhead(step, kind, groups, step.slots) : undefined;
    // Each request is sent here, or was sent ahead and is kept here: either way in this order, so judgements agree.
    const send = async (sent: unknown, g: number, which: Sending) => {
      if (ahead) for (const one of ahead[g]!.get(which) ?? []) step.keep(one);
      else await kind.send(step, sent);
    };
    const spans: CaseSpan[] = [];
    for (const [g, { group, groupBody, cases }] of groups.entries()) {
      const control = controlFirst(group) ? await sendControl(outcome, () => send(groupBody, g, 'before')) : undefined;
      const sent: CaseSpan[] = [];
      for (const [i, spec] of group.cases.entries()) {
        const from = outcome.exchanges.length;
        await send(cases[i], g, i);
        const { name, why, expect } = spec;
        sent.push({ name, ...(why ? { why } : {}), ...(expect ? { expect } : {}), from, to: outcome.exchanges.length, ...(control ? { control } : {}) });
      }
      const after = group.control === 'last' ? await sendControl(outcome, () => send(groupBody, g, 'after')) : undefined;
      spans.push(...(after ? sent.map((span) => ({ ...span, control: after })) : sent));
    }
    outcome.cases = spans;
  },
};

/** A case's request is what the target meets: a sweep of the app's subscriptions runs alone as a request there does. */
function casesExclusive(body: CasesBody): string | undefined {
  const kind = kindOf(body);
  const bodies = [body.base, ...caseBodies(body).flatMap((g) => [g.group, ...g.cases])];
  return bodies.map((one) => kind.exclusive(one)).find((why) => why !== undefined);
}

/** A group's bodies: its control's and each case's. */
interface GroupBodies {
  group: CaseGroup;
  groupBody: unknown;
  cases: unknown[];
}

/** One request of a group: its control sent before or after the cases, or the case at that place. */
type Sending = 'before' | 'after' | number;

/** What a group sent ahead, by sending. */
type SentAhead = Map<Sending, SentExchange[]>;

/** Within its own slot, a sweep has one group in flight for every 8 of the run's slots (4 at a remote run's 32). */
const RUN_SLOTS_PER_GROUP_IN_FLIGHT = 8;

/**
 * Sends every group's requests ahead, groups side by side (`RUN_SLOTS_PER_GROUP_IN_FLIGHT` in the rule's slot, more
 * in free ones), each group's control and cases in their order: a 213-case sweep, its groups one after another, was
 * a remote run's longest chain. When a request cannot be judged, what the others sent is kept first, in order.
 */
async function sendAhead(step: TargetStepRun<CasesBody>, kind: CaseKind, groups: GroupBodies[], slots: Slots): Promise<SentAhead[]> {
  const sent: SentAhead[] = groups.map(() => new Map());
  const sendInto = async (g: number, which: Sending, body: unknown) => {
    const kept: SentExchange[] = [];
    sent[g]!.set(which, kept);
    await kind.send({ ...step, keep: (one) => kept.push(one) }, body);
  };
  const sendGroup = async ({ group, groupBody, cases }: GroupBodies, g: number) => {
    if (controlFirst(group)) await sendInto(g, 'before', groupBody);
    for (const [i, body] of cases.entries()) await sendInto(g, i, body);
    if (group.control === 'last') await sendInto(g, 'after', groupBody);
  };
  try {
    await prefetchRuns(groups, sendGroup, slots, Math.ceil(slots.size / RUN_SLOTS_PER_GROUP_IN_FLIGHT));
  } catch (error) {
    for (const group of sent) for (const kept of group.values()) kept.forEach((one) => step.keep(one));
    throw error;
  }
  return sent;
}

/** A group's control goes before its cases unless it says otherwise (`control: false` or `last`). */
function controlFirst(group: CaseGroup): boolean {
  return group.control === undefined || group.control === true;
}

/**
 * Sends a group's control: its exchanges are evidence marked `positive-control`, kept out of what the cases'
 * checks judge. Accepted: every answer is a success.
 */
async function sendControl(outcome: StepOutcome, send: () => Promise<void>): Promise<{ accepted: boolean; answer: string }> {
  const from = outcome.exchanges.length;
  await send();
  const exchanges = outcome.exchanges.splice(from);
  const bodies = outcome.bodies.splice(from);
  exchanges.forEach((exchange) => (exchange.role = 'positive-control'));
  const refused = exchanges.findIndex((exchange, i) => isErrorResponse(exchange, bodies[i]));
  const last = exchanges.at(-1);
  const answer = refused >= 0 ? describeResponse(exchanges[refused]!, bodies[refused]) : last ? describeResponse(last, bodies.at(-1)) : 'no answer';
  const what = last ? `${last.request.method} ${new URL(last.request.url).pathname}` : 'the control';
  return { accepted: exchanges.length > 0 && refused < 0, answer: `${what} answered ${answer}` };
}

/** Whether a step body is a `cases:` body (for the loader and `list --verbose`). */
export function isCasesBody(kind: string, body: unknown): body is CasesBody {
  return kind === 'cases' && typeof body === 'object' && body !== null && Array.isArray((body as CasesBody).groups);
}

/** The names of a cases body's cases, in order. */
export function caseNames(body: CasesBody): string[] {
  return body.groups.flatMap((g) => g.cases.map((c) => c.name));
}

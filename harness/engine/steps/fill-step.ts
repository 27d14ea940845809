import { isErrorResponse } from '../../checks/error-envelope.js';
import { itemId, listItems } from '../../checks/list-items.js';
import { isRecord } from '../../checks/check.js';
import { evaluate } from '../../suite/template.js';
import { INTEGER, object } from '../../validation/json-schema.js';
import { buildRequest } from '../../request-building/build-request.js';
import { describeRequest, REQUEST_BODY, type RequestSpec, requestExclusive, requestNeeds } from '../../request-building/request-body.js';
import type { StepKind } from './step-kind.js';

export interface FillBody {
  /** The request that makes one item of the list (a comment on the rule's post). */
  create: RequestSpec;
  /** The list's first page, as the walk that follows reads it. */
  list: RequestSpec;
  /** Items made before the first look at the list (default 2: a page of one then has a second). */
  min?: unknown;
  /** The most items made (default 101: one past the largest page the spec names, the feed's 100). */
  max?: unknown;
}

const DEFAULT_MIN = 2;
const DEFAULT_MAX = 101;

/**
 * The list lengths aimed at, in turn, while its first page still holds everything: one past the page sizes lists
 * commonly have (25, 50, 100), so a target whose size is one of them is filled in a few reads, then doubling.
 */
const LENGTHS = [DEFAULT_MIN, 26, 51, 101];

/**
 * Makes items of a list until the list outgrows its first page (NS-23: the page size is the target's to choose),
 * reading the first page between batches: it stops when that page carries `paging.next`, or lists fewer than the
 * items the rule made (a second page is due: whether the target shows one is what the walk after it judges), or
 * after `max` items. The step's exchanges are the creates (`body_ids` captures what they made); the reads are
 * evidence. Whether a second page was due is judged after it, by reading the first page again (`second-page-due`).
 */
export const fillStep: StepKind<FillBody> = {
  name: 'fill',
  side: 'target',
  explain: (b) => `send ${describeRequest(b.create)} until ${describeRequest(b.list)} outgrows its first page`,
  body: object({ create: REQUEST_BODY, list: REQUEST_BODY, min: INTEGER, max: INTEGER }, ['create', 'list']),
  needs: (b) => ({ tokens: [...new Set([...(requestNeeds(b.create).tokens ?? []), ...(requestNeeds(b.list).tokens ?? [])])] }),
  exclusive: (b) => requestExclusive(b.create) ?? requestExclusive(b.list),
  run: async ({ body, scope, target, keep, evidence }) => {
    const min = Number(evaluate(body.min ?? DEFAULT_MIN, scope));
    const max = Number(evaluate(body.max ?? DEFAULT_MAX, scope));
    const made: (string | undefined)[] = [];
    let goal = Math.min(min, max);
    for (;;) {
      while (made.length < goal) {
        const sent = await target.client.send(buildRequest(body.create, scope, target));
        keep(sent);
        // A refused create is the setup's failure, judged by the step's expectations: no more are sent.
        if (isErrorResponse(sent.exchange, sent.json)) return;
        made.push(isRecord(sent.json) ? itemId(sent.json) : undefined);
      }
      const read = await target.client.send(buildRequest(body.list, scope, target));
      evidence.push(read.exchange);
      if (isErrorResponse(read.exchange, read.json) || made.length >= max) return;
      const page = read.json as { paging?: { next?: unknown } } | undefined;
      if (typeof page?.paging?.next === 'string' && page.paging.next !== '') return;
      const listed = new Set(listItems([read.json]).map(({ item }) => itemId(item)));
      if (made.some((id) => id !== undefined && !listed.has(id))) return;
      const length = listed.size;
      goal = Math.min(max, made.length + Math.max(1, (LENGTHS.find((n) => n > length) ?? length * 2) - length));
    }
  },
};

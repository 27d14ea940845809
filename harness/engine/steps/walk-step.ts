import { itemId, listItems } from '../../checks/list-items.js';
import { evaluate } from '../../suite/template.js';
import { INTEGER, object, STRING, STRINGS } from '../../validation/json-schema.js';
import { lookup } from '../../validation/lookup.js';
import { buildRequest } from '../../request-building/build-request.js';
import { REQUEST_BODY, type RequestSpec, requestExclusive, requestNeeds } from '../../request-building/request-body.js';
import type { StepKind } from './step-kind.js';
import type { AfterProbe, WalkEnd } from '../../checks/step-facts.js';
import type { SentExchange } from '../../client/send.js';
import type { GraphRequest } from '../../client/graph-client.js';
import type { Exchange } from '../../model/index.js';
import type { TargetSession } from '../run-context.js';

const DEFAULT_MAX_PAGES = 50;

interface Paging {
  next?: unknown;
  cursors?: { after?: unknown };
}

export interface WalkBody {
  request: RequestSpec;
  max_pages?: number;
  find?: string;
  /** Ids (a template yielding them): the walk stops one page after the page where the last of them was listed. */
  until_listed?: unknown;
  /** On the first this many pages that carry `paging.next`, their `cursors.after` is fed back as `after=` too. */
  compare_after?: unknown;
  /** Where the first answer holds the list result (`messages` of `fields=messages.limit(1)`); later pages are lists. */
  list_at?: string;
}

/**
 * Sends a list request and follows `paging.next` to the end (contract §3.4), or until `max_pages`. Where the walk
 * ends, the last page's `cursors.after` is fed back once as `after=` (contract §3.4: it gives the next page): items
 * coming back mean the walk ended early, and `meta.afterEnd` says on which page. That request is evidence, not a
 * page of the walk. With `find` (an id), the walk stops at the page that lists that item, which `found` in the
 * step's captures then is: how a rule reads back an object through the edge that lists it (a post through the
 * Page feed), where the spec states no read of the object itself.
 *
 * `until_listed` stops a walk of a long list that other data fills (the Page's feed at `limit=1`) one page after
 * the rule's own items were all listed, the page after them showing a repeat of the last; `compare_after` feeds
 * the first pages' cursors back beside their `next` (facts `afterProbes`); `list_at` reads the first page of a
 * connection requested through `fields` (its later pages come from `paging.next` as list results of their own).
 */
export const walkStep: StepKind<WalkBody, 'afterEnd' | 'truncated' | 'stopped' | 'afterProbes'> = {
  name: 'walk',
  side: 'target',
  leaves: ['afterEnd', 'truncated', 'stopped', 'afterProbes'],
  explain: (b) =>
    `walk ${b.request.path ?? '/'} page by page through paging.next${b.find ? `, until ${b.find} is listed` : ''}` +
    `${b.until_listed ? ", until the rule's own items are listed" : ''}`,
  body: object(
    { request: REQUEST_BODY, max_pages: INTEGER, find: STRING, until_listed: STRINGS, compare_after: INTEGER, list_at: STRING },
    ['request'],
  ),
  needs: (b) => requestNeeds(b.request),
  exclusive: (b) => requestExclusive(b.request),
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, outcome, evidence }) => {
    const maxPages = body.max_pages ?? DEFAULT_MAX_PAGES;
    const wanted = body.find === undefined ? undefined : String(evaluate(body.find, scope));
    const until = body.until_listed === undefined ? undefined : new Set((evaluate(body.until_listed, scope) as unknown[]).map(String));
    const compare = body.compare_after === undefined ? 0 : Number(evaluate(body.compare_after, scope));
    if (compare > 0) outcome.facts.afterProbes = [];
    const first = buildRequest(body.request, scope, target);
    const keepPage = (sent: SentExchange, page: number): unknown => {
      // The first page of a connection read through `fields` is the list result at `list_at`: its checks see that.
      const list = page === 1 && body.list_at !== undefined ? lookup(sent.json, body.list_at) : sent.json;
      outcome.exchanges.push(sent.exchange);
      outcome.bodies.push(list);
      evidence.push(sent.exchange);
      return list;
    };
    let list = keepPage(await target.client.send(first), 1);
    let allListedOn: number | undefined;
    for (let page = 1; ; page++) {
      const found = wanted === undefined ? undefined : listItems([list]).find(({ item }) => itemId(item) === wanted);
      if (found) {
        outcome.found = found.item;
        return;
      }
      if (until && allListedOn === undefined && allListed(until, outcome.bodies)) allListedOn = page;
      if (allListedOn !== undefined && page > allListedOn) {
        outcome.facts.stopped = { page };
        return;
      }
      const paging = (list as { paging?: Paging } | undefined)?.paging;
      const next = paging?.next;
      if (typeof next !== 'string' || next === '') {
        if (body.list_at === undefined) outcome.facts.afterEnd = await afterTheEnd(first, paging, page, { target, evidence });
        return;
      }
      if (page <= compare) outcome.facts.afterProbes!.push(await probeAfter(first, paging, page, { target, evidence }));
      if (page >= maxPages) {
        outcome.facts.truncated = true;
        return;
      }
      // Contract §3.4: the token may be carried in `next` or supplied again by the suite (the client keeps a
      // link's own token). A `next` on another origin is refused by the client before anything is sent.
      const sent = await target.client.send({ method: 'GET', base: 'url', path: next, version: null, token: first.token, link: 'paging.next' });
      list = keepPage(sent, page + 1);
    }
  },
};

function allListed(ids: Set<string>, bodies: unknown[]): boolean {
  const seen = new Set(listItems(bodies).map(({ item }) => itemId(item)));
  return [...ids].every((id) => seen.has(id));
}

/** The first request again with a page's `after` cursor: what the contract says gives the page after it. */
async function probeAfter(
  first: GraphRequest,
  paging: Paging | undefined,
  page: number,
  { target, evidence }: { target: TargetSession; evidence: Exchange[] },
): Promise<AfterProbe> {
  const after = paging?.cursors?.after;
  if (typeof after !== 'string' || after === '' || first.method !== 'GET') return { page };
  const sent = await target.client.send({ ...first, query: { ...first.query, after } });
  evidence.push(sent.exchange);
  return { page, body: sent.json, exchange: sent.exchange };
}

/** The first request again with the last page's `after` cursor: how many items the end of the walk hid. */
async function afterTheEnd(
  first: GraphRequest,
  paging: Paging | undefined,
  page: number,
  { target, evidence }: { target: TargetSession; evidence: Exchange[] },
): Promise<WalkEnd | undefined> {
  const after = paging?.cursors?.after;
  if (typeof after !== 'string' || after === '' || first.method !== 'GET') return undefined;
  const sent = await target.client.send({ ...first, query: { ...first.query, after } });
  evidence.push(sent.exchange);
  const data = (sent.json as { data?: unknown } | undefined)?.data;
  return { page, more: Array.isArray(data) ? data.length : 0 };
}

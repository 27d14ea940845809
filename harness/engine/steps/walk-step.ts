import { itemId, listItems } from '../../checks/list-items.js';
import { evaluate } from '../../suite/template.js';
import { INTEGER, object, STRING } from '../../validation/json-schema.js';
import { buildRequest } from '../build-request.js';
import { REQUEST_BODY, type RequestSpec, requestExclusive, requestNeeds } from './request-body.js';
import type { StepKind } from './step-kind.js';
import type { WalkEnd } from '../../checks/step-facts.js';
import type { GraphRequest } from '../../client/graph-client.js';
import type { Exchange } from '../../model/index.js';
import type { TargetSession } from '../run-context.js';

const DEFAULT_MAX_PAGES = 50;

interface Paging {
  next?: unknown;
  cursors?: { after?: unknown };
}

/**
 * Sends a list request and follows `paging.next` to the end (contract §3.4), or until `max_pages`. Where the walk
 * ends, the last page's `cursors.after` is fed back once as `after=` (contract §3.4: it gives the next page): items
 * coming back mean the walk ended early, and `meta.afterEnd` says on which page. That request is evidence, not a
 * page of the walk. With `find` (an id), the walk stops at the page that lists that item, which `found` in the
 * step's captures then is: how a rule reads back an object through the edge that lists it (a post through the
 * Page feed), where the spec states no read of the object itself.
 */
export const walkStep: StepKind<{ request: RequestSpec; max_pages?: number; find?: string }, 'afterEnd' | 'truncated'> = {
  name: 'walk',
  side: 'target',
  leaves: ['afterEnd', 'truncated'],
  explain: (b) => `walk ${b.request.path ?? '/'} page by page through paging.next${b.find ? `, until ${b.find} is listed` : ''}`,
  body: object({ request: REQUEST_BODY, max_pages: INTEGER, find: STRING }, ['request']),
  needs: (b) => requestNeeds(b.request),
  exclusive: (b) => requestExclusive(b.request),
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, keep, outcome, evidence }) => {
    const maxPages = body.max_pages ?? DEFAULT_MAX_PAGES;
    const wanted = body.find === undefined ? undefined : String(evaluate(body.find, scope));
    const first = buildRequest(body.request, scope, target);
    let sent = await target.client.send(first);
    keep(sent);
    for (let page = 1; ; page++) {
      const found = wanted === undefined ? undefined : listItems([sent.json]).find(({ item }) => itemId(item) === wanted);
      if (found) {
        outcome.found = found.item;
        return;
      }
      const paging = (sent.json as { paging?: Paging } | undefined)?.paging;
      const next = paging?.next;
      if (typeof next !== 'string' || next === '') {
        outcome.facts.afterEnd = await afterTheEnd(first, paging, page, { target, evidence });
        return;
      }
      if (page >= maxPages) {
        outcome.facts.truncated = true;
        return;
      }
      // Contract §3.4: the token may be carried in `next` or supplied again by the suite (the client keeps a
      // link's own token). A `next` on another origin is refused by the client before anything is sent.
      sent = await target.client.send({ method: 'GET', base: 'url', path: next, version: null, token: first.token, link: 'paging.next' });
      keep(sent);
    }
  },
};

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

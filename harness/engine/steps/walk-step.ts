import type { RequestSpec } from '../../suite/suite.js';
import { buildRequest } from '../build-request.js';
import type { StepKind } from './step-kind.js';

const DEFAULT_MAX_PAGES = 50;

/** Sends a list request and follows `paging.next` to the end (contract §3.4), or until `max_pages`. */
export const walkStep: StepKind<{ request: RequestSpec; max_pages?: number }> = {
  name: 'walk',
  explain: (b) => `walk ${b.request.path ?? '/'} page by page through paging.next`,
  run: async ({ body, scope, ctx, keep, outcome }) => {
    const maxPages = body.max_pages ?? DEFAULT_MAX_PAGES;
    const first = buildRequest(body.request, scope, ctx);
    let sent = await ctx.client.send(first);
    keep(sent);
    for (let page = 1; ; page++) {
      const next = (sent.json as { paging?: { next?: unknown } } | undefined)?.paging?.next;
      if (typeof next !== 'string' || next === '') return;
      if (page >= maxPages) {
        outcome.meta.truncated = true;
        return;
      }
      // Contract §3.4: the token may be carried in `next` or supplied again by the suite.
      const token = new URL(next).searchParams.has('access_token') ? null : first.token;
      sent = await ctx.client.send({ method: 'GET', base: 'url', path: next, version: null, token });
      keep(sent);
    }
  },
};

import { isRecord } from '../checks/check.js';
import { readParams } from '../http/request-params.js';
import type { Exchange } from '../model/index.js';
import type { AcceptedOperations } from './accepted-operations.js';
import { readRequestOnce } from './read-request-once.js';
import { tokenOf } from './request-token.js';

/** Parameters that say who asks, not what: a page's link may carry them or leave them to the client (contract §3.4). */
const WHO_ASKS = new Set(['access_token', 'appsecret_proof']);

/** A walk needs two pages: one page alone shows nothing of what walking yields. */
const MIN_PAGES = 2;

interface Page {
  exchange: Exchange;
  body: unknown;
  position: number;
  /** The request as a link compares: method, path, parameters but the token's. */
  key: string;
  /** The requests that would fetch the next page: its `paging.next`, and the request with `after` its cursor. */
  nextKeys: string[];
  token: string;
  previous?: Page;
  /** Pages that follow this one: a client may have fetched the next page twice, by `next` and by `after`. */
  next: Page[];
}

/** A walk as its pages' exchanges and bodies, in walking order. */
export interface Walk {
  exchanges: Exchange[];
  bodies: unknown[];
}

/**
 * The walks recorded traffic holds, found by their links: a page follows another when its request is that page's
 * `paging.next` or the same request with `after` set to that page's `cursors.after` (contract §3.4), with the same
 * token, and the target accepted no change between the two. Pages are linked whatever order they were recorded in
 * (a HAR may hold them last page first). Gathered per state; `walks()` gives those of at least two pages.
 */
export class PageWalks {
  private pages: Page[] = [];

  constructor(private readonly accepted: AcceptedOperations) {}

  add(exchange: Exchange, body: unknown): void {
    const key = linkKey(exchange.request.method, exchange.request.url, readRequestOnce(exchange).params);
    if (key === undefined) return;
    const position = this.accepted.positionOf(exchange);
    this.pages.push({ exchange, body, position, key, nextKeys: nextKeys(exchange, body), token: tokenOf(exchange), next: [] });
  }

  /**
   * The walks of the pages gathered so far, and a fresh start: every way from a first page to a last one, so a page
   * fetched twice (by `next` and by `after`) is judged in each walk it ends.
   */
  walks(): Walk[] {
    const pages = this.pages;
    this.pages = [];
    const leading = new Map<string, Page[]>();
    for (const page of pages) for (const key of page.nextKeys) leading.set(key, [...(leading.get(key) ?? []), page]);
    for (const page of pages) {
      const previous = this.previousOf(page, leading.get(page.key) ?? []);
      if (!previous) continue;
      previous.next.push(page);
      page.previous = previous;
    }
    return pages.filter((page) => !page.previous && page.next.length > 0).flatMap((first) => walksFrom(first, []));
  }

  /** The page this one follows: the nearest before it that links here, else the first after it (a reversed file). */
  private previousOf(page: Page, candidates: Page[]): Page | undefined {
    const fits = candidates.filter(
      (c) => c !== page && c.token === page.token && !leadsBackTo(c, page) && !this.accepted.changedBetween(c.position, page.position),
    );
    const before = fits.filter((c) => c.position < page.position);
    return before.length > 0 ? before[before.length - 1] : fits[0];
  }
}

/** Whether `page` already comes before `from` in its walk (linking them would close a loop). */
function leadsBackTo(from: Page, page: Page): boolean {
  for (let at: Page | undefined = from; at; at = at.previous) if (at === page) return true;
  return false;
}

/** Every walk from `page` on to a last page, `before` the pages that led to it. */
function walksFrom(page: Page, before: Page[]): Walk[] {
  const path = [...before, page];
  if (page.next.length === 0) {
    return path.length < MIN_PAGES ? [] : [{ exchanges: path.map((p) => p.exchange), bodies: path.map((p) => p.body) }];
  }
  return page.next.flatMap((next) => walksFrom(next, path));
}

function nextKeys(exchange: Exchange, body: unknown): string[] {
  const paging = isRecord(body) && isRecord(body.paging) ? body.paging : undefined;
  const keys: string[] = [];
  if (typeof paging?.next === 'string') {
    const key = linkKey('GET', paging.next);
    if (key !== undefined) keys.push(key);
  }
  const after = isRecord(paging?.cursors) ? paging.cursors.after : undefined;
  if (typeof after === 'string' && after !== '') {
    const params: Record<string, unknown> = { ...readRequestOnce(exchange).params, after };
    delete params.before;
    const key = linkKey(exchange.request.method, exchange.request.url, params);
    if (key !== undefined) keys.push(key);
  }
  return keys;
}

/** A request as links compare: method, decoded path and its parameters sorted, those saying who asks left out. */
function linkKey(method: string, url: string, params?: Record<string, unknown>): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const read = params ?? Object.fromEntries(readParams({ target: url }).params.map((p) => [p.name, p.value]));
  const kept = Object.entries(read)
    .filter(([name]) => !WHO_ASKS.has(name))
    .map(([name, value]) => `${name}=${textOf(value)}`);
  return `${method.toUpperCase()} ${decoded(parsed.pathname)}?${kept.sort().join('&')}`;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

import type { Citation } from '../model/index.js';
import type { Rule } from '../suite/suite.js';
import type { Expectation, Step } from '../suite/step.js';
import type { PagedList, PagingFile } from './paging-declaration.js';

/** The List results row that says what `paging` holds: what every walk with cursors leans on. */
const PAGING_CITE: Citation = {
  section: 'Resources › List results',
  text: '| `paging` | object | Pagination data. Holds `cursors` (object with `before` and `after`, both strings) and `next` (URL string of the next page of results). |',
};

/** The limits drawn besides 1 where the spec documents one: small, so a few items make several pages. */
const DRAWN_LIMIT = { integer: { min: 2, max: 5 } };
const LIMIT_RUNS = 3;
const LIMIT_MAX_RUNS = 16;

/** A walk's bound: a target whose rule-made items are not listed by then leaves the rule unjudged (R53). */
const MAX_PAGES = 400;

/** Pages whose cursor is fed back beside their `next`: the first two show a cursor that names the wrong item. */
const COMPARED_PAGES = 2;

/** The rules one paging declaration makes: one walk rule per list. */
export function pagingRules(file: PagingFile): Rule[] {
  return file.lists.map((list) => ruleOf(file.area, list));
}

function ruleOf(area: string, list: PagedList): Rule {
  const counted = list.key === 'none';
  const readings = new Set([...(list.readings ?? []), 'NS-23']);
  // R53: a list the rule cannot grow past the first page (a gate), or whose own items a bounded walk never reaches.
  if (!list.limit || list.count !== undefined || (list.make && shared(list))) readings.add('R53');
  const cites = [...list.cites, ...(list.limit ? [list.limit.cite] : []), ...(counted ? [] : [PAGING_CITE]), ...(list.total_count ? [list.total_count.cite] : [])];
  return {
    id: `paging.${area}.${list.name}`,
    title: `${list.title}: ${titleOf(list)}`,
    strength: 'MUST',
    origin: 'sweep',
    cites: dedupe(cites),
    readings: [...readings].sort(),
    ...(list.limit
      ? {
          given: { limit: DRAWN_LIMIT },
          runs: LIMIT_RUNS,
          max_runs: LIMIT_MAX_RUNS,
          max_runs_reason:
            'the 4 drawn limits (2 to 5), each walked beside limit 1: 16 runs draw each about 4 times, and more runs only repeat judgements already made on a longer list',
        }
      : {}),
    steps: stepsOf(list),
  };
}

function titleOf(list: PagedList): string {
  const how = list.limit ? 'walked at limit 1 and at a drawn small limit' : "walked page by page past the target's first page";
  const what = list.key === 'none' ? 'the pages together hold every item' : 'every item listed once, and `cursors.after` gives the page `next` gives';
  return `${how}, ${what}${list.total_count ? ', `summary.total_count` counting them' : ''}`;
}

function stepsOf(list: PagedList): Step[] {
  const steps: Step[] = ((list.setup ?? []) as Step[]).map((step) => ({ ...step, setup: true }));
  const made = list.make ? '{{captured.made}}' : list.made;
  if (list.count) {
    steps.push({
      note: list.count.why,
      request: list.count.request,
      expect: ['ok'],
      // A list of the bound or more may not fit that page: the counts could not be compared.
      assume: [{ 'collection-size': { ...(list.at ? { path: list.at } : {}), max: list.count.max - 1 } }],
      capture: { all: list.at ? `body.${list.at}` : 'body' },
    });
  }
  if (list.make && list.limit) {
    steps.push({
      note: 'one item more than the drawn limit, so the rule\'s own items fill two pages at either limit',
      setup: true,
      repeat: { count: '{{given.limit + 1}}', request: list.make },
      expect: ['ok'],
      capture: { made: 'body_ids' },
    });
  } else if (list.make) {
    steps.push({
      note: "items until the list outgrows its first page, whose size is the target's (NS-23)",
      setup: true,
      fill: { create: list.make, list: withLimit(list.list, 1) },
      expect: ['ok'],
      capture: { made: 'body_ids' },
    });
  }
  if (!list.limit || list.count) {
    steps.push({
      note: 'the first page: a list the rule cannot grow past it is not walked (R53)',
      request: withLimit(list.list, 1),
      expect: ['ok'],
      assume: [{ 'second-page-due': { ...(made ? { made } : {}), ...keyArg(list), ...(list.at ? { at: list.at } : {}) } }],
    });
  }
  for (const limit of list.limit ? [1, '{{given.limit}}'] : [undefined]) steps.push(walkOf(list, made, limit));
  return steps;
}

/** A list that belongs to a fixture or the app (other rules add to it): its other items are not the rule's. */
function shared(list: PagedList): boolean {
  return /\{\{\s*(fixtures|app)\./.test(JSON.stringify(list.list));
}

function walkOf(list: PagedList, made: string | string[] | undefined, limit: number | string | undefined): Step {
  const key = list.key ?? 'id';
  // The rule's items on a list other data fills: the walk stops one page after them (the page that would repeat one).
  const until = made !== undefined && shared(list) && key === 'id';
  const walk = {
    request: withLimit(list.list, limit),
    max_pages: MAX_PAGES,
    ...(until ? { until_listed: made } : {}),
    ...(key === 'none' ? {} : { compare_after: COMPARED_PAGES }),
    ...(list.at ? { list_at: list.at } : {}),
  };
  if (key === 'none') {
    return { walk, expect: ['ok', { 'walk-item-count': { equals: '{{captured.all}}', ...(limit === undefined ? {} : { max_per_page: limit }) } }] };
  }
  const known = made === undefined ? {} : shared(list) ? { includes: made } : { same_as: made };
  const once = { ...known, ...keyArg(list), ...(until ? { partial: true } : {}) };
  const expect: Expectation[] = ['ok', { 'each-item-once': once }, { 'after-gives-next': keyArg(list) }];
  if (list.total_count) expect.push({ 'walk-total-count': { ...(list.total_count.at_least ? { at_least: true } : {}), ...keyArg(list) } });
  // A walk cut at its bound before the rule's items were all listed could not judge them: skipped (R53).
  return { walk, expect, ...(until ? { assume: [{ 'each-item-once': { includes: made, ...keyArg(list) } }] } : {}) };
}

function keyArg(list: PagedList): { key?: string } {
  return list.key && list.key !== 'id' ? { key: list.key } : {};
}

/**
 * The list's request with its documented limit put where `{limit}` stands: the number itself for a whole value, in
 * the text for one inside it (`messages.limit({limit})`). Without a limit, a parameter that is only `{limit}` is
 * left out (never sent where the spec does not document it) and the text keeps the largest page.
 */
export function withLimit(request: Record<string, unknown>, limit: number | string | undefined): Record<string, unknown> {
  const put = (value: unknown): unknown => {
    if (typeof value === 'string') {
      if (value === '{limit}') return limit;
      return value.includes('{limit}') ? value.replaceAll('{limit}', limit === undefined ? '' : String(limit)) : value;
    }
    if (Array.isArray(value)) return value.map(put);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === '{limit}' && limit === undefined ? [] : [[k, put(v)]])));
    }
    return value;
  };
  return put(request) as Record<string, unknown>;
}

function dedupe(cites: Citation[]): Citation[] {
  const seen = new Set<string>();
  return cites.filter((c) => !seen.has(`${c.section}\n${c.text}`) && seen.add(`${c.section}\n${c.text}`));
}

import type { ReasonKind } from '../suite/suite.js';
import type { Citation } from '../model/index.js';

/**
 * A paging declaration (`suites/paging/<area>.yaml`, schemas/paging.schema.json): the list edges of one endpoint
 * group, each with its first page's request and how the rule makes items for it; and the lists of the spec that are
 * not walked, each with its reason. The generator makes one walk rule per list (harness/sweep/paging-rules.ts).
 */
export interface PagingFile {
  area: string;
  lists: PagedList[];
  not_walked?: NotWalked[];
  /** Where it came from, for `file:line` messages. */
  file: string;
  lineOf(pointer: string): number | undefined;
}

export interface PagedList {
  /** The list's part of the rule id: `paging.<area>.<name>`. */
  name: string;
  /** `GET /{object_id}/comments on a post the rule makes`: how the title names the list. */
  title: string;
  /** The sentences that state the list (and what else the walk judges), quoted exactly. */
  cites: Citation[];
  readings?: string[];
  /** Steps that make what the list hangs on (a post to comment on); setup, as in a suite. */
  setup?: unknown[];
  /** The first page's request (a `request` step body); `{limit}` stands where a documented limit goes. */
  list: Record<string, unknown>;
  /** Where the first answer holds the list (`messages` of a connection read through `fields`). */
  at?: string;
  /** A request that makes one item of the list: made until the list outgrows its first page (or limit + 1 times). */
  make?: Record<string, unknown>;
  /** Keys of items the setup made (subscriptions, one per object), where `make` cannot say them. */
  made?: string[];
  /** What tells items apart: `id` (default), another field (`object`), or `none` (counted only, NS-04). */
  key?: string;
  /** The spec documents a page size parameter: the list is walked at 1 and at a drawn small limit. */
  limit?: { cite: Citation };
  /** Items that can only be counted: the request that reads the whole list in one page, to count the walk against. */
  count?: { request: Record<string, unknown>; max: number; why: string };
  /** `summary.total_count` as the spec states what it counts: exactly the list, or at least what is listed. */
  total_count?: { at_least?: boolean; cite: Citation };
}

/** A list the spec states that no rule walks, with the statements and the reason (a reading, NS-xx, R53). */
export interface NotWalked {
  what: string;
  kind: ReasonKind;
  cites: Citation[];
  why: string;
}

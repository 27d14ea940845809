import type { Citation } from '../model/index.js';

/**
 * A sweep declaration (`suites/sweeps/<area>.yaml`, schemas/sweep.schema.json): the operations of one endpoint
 * group, each with a valid base request and where the spec lists its parameters. The generator derives the cases
 * from the spec's own rows; what the text says irregularly is an override, each with its reason.
 */
export interface SweepFile {
  area: string;
  operations: SweepOperation[];
  /** Where it came from, for `file:line` messages. */
  file: string;
  lineOf(pointer: string): number | undefined;
}

/** Where a parameter's value travels. */
export type Placement = 'query' | 'form';

export interface SweepOperation {
  /** The operation's part of the rule ids: `sweep.<area>.<kind>.<name>`. */
  name: string;
  /** `GET /{page_id}/photos`: how titles name it. */
  title: string;
  /** The spec section whose tables and lists the parameters come from (`Endpoints › Page photos`). */
  section: string;
  /** A valid request (a `request` step body, or a `subscribe` body with `as: subscribe`): every group's start. */
  request: Record<string, unknown>;
  as?: 'request' | 'subscribe';
  /** The token the operation is accepted with (`page`, `app`, `msgapp`): the token matrix's control. */
  token: string;
  /** The sentence stating the operation's requirements, quoted; absent where the spec is silent (readings B). */
  requirements?: string;
  /** How the Errors table's "Seen on" column names the operation (`photos read`): its codes are read from there. */
  errors_as?: string[];
  /** `form.name`: a part given a name no other case of the execution shares (a template may not be created twice). */
  unique?: string;
  /** Where the swept parameters travel (default: query for GET and DELETE, form for POST). */
  in?: Placement;
  /** Token kinds tried (default `none` and `unissued`); `false`: no token matrix (the spec states no token). */
  tokens?: false;
  params?: ParamList[];
  /** Parameters the text states irregularly, declared whole (each with the quote it comes from). */
  declared?: DeclaredParam[];
  /** Per parameter (`feed_targeting.age_min`): what the generator cannot read off the text, and why. */
  overrides?: Record<string, ParamOverride>;
  /** Cases the text states irregularly, written whole (a stated default left out, a file that is not an image). */
  explicit?: ExplicitCase[];
  /** Other paths of the same operation tried by the token matrix (`/{{fixtures.video_id}}/comments`). */
  also?: string[];
  /** Steps before the sweep that make what it needs (a post to comment on, a template to update), as in a suite. */
  setup?: unknown[];
}

/** Where the spec lists parameters: every row of a table, or the sub-fields a sentence or cell lists. */
export type ParamList = { table: string; of?: string } | { fields: FieldList; of?: string };

/** A list of sub-fields: after `text` in a paragraph or item, or in a table row's cell (after `after`). */
export interface FieldList {
  text?: string;
  row?: string;
  column?: string;
  after?: string;
}

export interface DeclaredParam {
  name: string;
  type: string;
  /** The words beside the type ("at most 100"), as parseConstraints reads them. */
  notes?: string;
  cite: Citation;
  why: string;
  /**
   * What its bound cases' refusals carry besides the operation's codes (`{ message_contains: "100" }`): the text
   * states it for a value past the bound only, never for a value of another type.
   */
  refusal?: Record<string, unknown>;
}

export interface ParamOverride {
  why: string;
  /** Not swept at all. */
  skip?: boolean;
  /** The valid value its group's control sends, where the text gives none (an id, a JSON number, R52). */
  valid?: unknown;
  /** The listed values, where the text lists them irregularly. */
  values?: (string | number)[];
  /** Listed values are accepted but no near miss is asserted (an open set: NS-11, R15). */
  no_refusals?: boolean;
  /**
   * Listed values are not asserted accepted (their acceptance depends on other parameters): all of them (`true`),
   * or those named.
   */
  no_acceptance?: true | (string | number)[];
  /** Letter case may not matter (R43): no case-changed near miss. */
  case_insensitive?: boolean;
  /** Values never sent as refusals (a silent point: R5's explicit 0, R16's other spelling). */
  never?: (string | number | boolean)[];
  /** Bounds the text states elsewhere. */
  min?: number;
  max?: number;
  /** Readings the parameter's cases lean on (R15, R16, R43, ...). */
  readings?: string[];
  /** Type words read in place of the Type column's, where its Meaning column says more (`array` of objects). */
  type?: string;
  /** Sibling sub-fields the part is sent beside, where it belongs to one kind of object (a URL button's `url`). */
  beside?: Record<string, unknown>;
  /** The control leaves the part out (and a list item it alone would fill), where no valid value can be named. */
  leave_out?: true;
  /** The codes a refusal may carry besides R1's (a photo `url`: 324, an invalid image file). */
  codes?: number[];
  /** A URL the service fetches from the web: a scheme other than http and https is refused too. */
  web_only?: true;
  /** A list's least and most items where the text states them irregularly (R4: up to 10 by default). */
  min_items?: number;
  max_items?: number;
}

/**
 * A case the text states irregularly, written whole, joining the rule of its `kind`: a parameter left at its stated
 * default where a rule depends on it ("`published` must be false" with `published` left out, its default true), a
 * file part whose bytes are not an image.
 */
export interface ExplicitCase {
  kind: 'tokens' | 'bounds' | 'listed' | 'types' | 'required' | 'defaults';
  name: string;
  /** Merged over the base: the request with the part that the case varies made valid (its positive control). */
  control?: Record<string, unknown>;
  /** Merged over the control's body: the case. */
  with: Record<string, unknown>;
  /** `accepted`, `refused` (only "an error"), or the `error` check's arguments (`{ code: [324] }`). */
  expect: 'accepted' | 'refused' | Record<string, unknown>;
  cite: Citation;
  readings?: string[];
  why: string;
}

import { parsePlaceholder, PLACEHOLDER_PATTERN, placeholderIdOf } from '../redaction/placeholder.js';
import { keyOf, type NormalizedRequest, type Params } from './normalize-request.js';

/** Stands where a recorded secret stood, in keys of `--secrets any`. */
const WILD = '\u0002';

/**
 * One place of a recorded request that held a secret: a path segment or a parameter (the `nth` of that name).
 * `pattern` is set when the secret is part of a longer value (`1000001|<secret>`): the rest must still match.
 */
export interface Wildcard {
  segment?: number;
  param?: string;
  nth: number;
  /** Placeholder ids in the order they stand in the value. */
  ids: string[];
  pattern?: RegExp;
  /** The value with each secret as WILD: what the key holds there. */
  masked: string;
}

/** The places of a recorded request that held secrets, and what identifies that set of places. */
export interface WildShape {
  wildcards: Wildcard[];
  signature: string;
}

/** The key of a request with its secrets' places masked, and per recorded placeholder what the request sent there. */
export interface Masked {
  key: string;
  sent: Map<string, string>;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Where a value holding placeholders puts them, as a pattern whose groups capture what stands in their place. */
function wildcardOf(value: string, place: Pick<Wildcard, 'segment' | 'param' | 'nth'>): Wildcard | undefined {
  const whole = placeholderIdOf(value);
  if (whole !== undefined) return { ...place, ids: [whole], masked: WILD };
  if (!value.includes('redacted-')) return undefined;
  const ids: string[] = [];
  let source = '';
  let masked = '';
  let last = 0;
  for (const m of value.matchAll(PLACEHOLDER_PATTERN)) {
    ids.push(parsePlaceholder(m).id);
    source += `${escapeRegex(value.slice(last, m.index))}(.+?)`;
    masked += `${value.slice(last, m.index)}${WILD}`;
    last = m.index + m[0].length;
  }
  if (ids.length === 0) return undefined;
  return {
    ...place,
    ids,
    pattern: new RegExp(`^${source}${escapeRegex(value.slice(last))}$`, 's'),
    masked: masked + value.slice(last),
  };
}

/** The places of a recorded request that held secrets (none: the request matches only as it is). */
export function wildShapeOf(request: NormalizedRequest): WildShape {
  const wildcards: Wildcard[] = [];
  request.path.split('/').forEach((segment, i) => {
    const found = wildcardOf(segment, { segment: i, nth: 0 });
    if (found) wildcards.push(found);
  });
  const seen = new Map<string, number>();
  for (const [name, value] of request.params) {
    const nth = seen.get(name) ?? 0;
    seen.set(name, nth + 1);
    const found = wildcardOf(value, { param: name, nth });
    if (found) wildcards.push(found);
  }
  const signature = wildcards
    .map((w) => `${w.segment ?? ''}\u0003${w.param ?? ''}\u0003${w.nth}\u0003${w.pattern ? w.masked : ''}`)
    .join('\u0004');
  return { wildcards, signature };
}

/**
 * `request` keyed as if its values at `shape`'s places were secrets: whatever stands there matches, every other
 * byte must. Undefined when the request lacks one of the places or a longer value's rest differs. `carried` turns
 * a value the request sent as a known secret (already its placeholder id here) back into what was sent.
 */
export function maskedKey(request: NormalizedRequest, shape: WildShape, carried?: ReadonlyMap<string, string>): Masked | undefined {
  const sent = new Map<string, string>();
  const segments = request.path.split('/');
  const params: Params = request.params.map(([name, value]) => [name, value]);
  for (const wildcard of shape.wildcards) {
    const at = wildcard.segment ?? paramIndex(params, wildcard.param as string, wildcard.nth);
    const list: string[] | undefined =
      wildcard.segment !== undefined ? segments : at === undefined ? undefined : (params[at] as [string, string]);
    const slot = wildcard.segment !== undefined ? wildcard.segment : 1;
    const value = list?.[slot];
    if (value === undefined) return undefined;
    const values = wildcard.pattern ? wildcard.pattern.exec(value)?.slice(1) : [value];
    if (!values) return undefined;
    wildcard.ids.forEach((id, i) => {
      const here = values[i] as string;
      sent.set(id, carried?.get(here) ?? here);
    });
    (list as string[])[slot] = wildcard.masked;
  }
  return { key: `${shape.signature}\u0005${keyOf(request.method, segments.join('/'), params)}`, sent };
}

function paramIndex(params: Params, name: string, nth: number): number | undefined {
  let seen = 0;
  for (let i = 0; i < params.length; i++) {
    if (params[i]![0] !== name) continue;
    if (seen === nth) return i;
    seen++;
  }
  return undefined;
}

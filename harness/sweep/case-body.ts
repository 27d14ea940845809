import type { SweepOperation } from './sweep-declaration.js';
import { placementOf, type SweptParam } from './swept-params.js';
import { type Path, REMOVED, valueAt, withAt } from './value-path.js';

/**
 * The `with` that puts `value` at a parameter's place, merged over the group's body as a control's `with` is: for a
 * group (`valid` absent), the whole top-level parameter, its container completed with its required sub-fields, the
 * valid values of the objects on the way and the siblings it is sent beside; for a case, only the way down to the
 * part it varies (`null` where it leaves a key out; an array written whole, since merging replaces arrays).
 */
export function placed(op: SweepOperation, p: SweptParam, value: unknown, params: SweptParam[], valid?: unknown): Record<string, unknown> {
  const [top, ...rest] = p.path as [string, ...Path];
  const at = placementOf(op);
  const container = rest.length === 0 ? undefined : containerBase(op, p, params);
  const topValue =
    valid === undefined
      ? rest.length === 0 ? (value === REMOVED ? null : value) : setOrLeaveOut(container, rest, value)
      : overlay(rest.length === 0 ? undefined : setOrLeaveOut(container, rest, valid), rest, value);
  // A top-level parameter's group sends it beside the parameters it goes with (a schedule on an unpublished post).
  const beside = rest.length === 0 && valid === undefined ? (p.override?.beside ?? {}) : {};
  return at === '' ? { [top]: topValue, ...beside } : { [at]: { [top]: topValue, ...beside } };
}

/** The least `with` that turns `from` into `from` with `value` at `path`. */
function overlay(from: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value === REMOVED ? null : value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (typeof head === 'number') return withAt(from, path, value);
  return { [head]: overlay((from as Record<string, unknown> | undefined)?.[head], rest, value) };
}

/** `value` at `path`; a part left out takes with it a list item (and a list) that it alone filled. */
function setOrLeaveOut(container: unknown, path: Path, value: unknown): unknown {
  let out = withAt(container, path, value);
  if (value !== REMOVED) return out;
  for (let i = path.length - 1; i > 0; i--) {
    const parent = valueAt(out, path.slice(0, i));
    const empty = Array.isArray(parent) ? parent.length === 0 : parent !== null && typeof parent === 'object' && Object.keys(parent).length === 0;
    if (!empty || (typeof path[i - 1] !== 'number' && !Array.isArray(parent))) break;
    out = withAt(out, path.slice(0, i), REMOVED);
  }
  return out;
}

/**
 * A top-level parameter's value before a sub-field is set: the base request's, its required sub-fields valid, the
 * valid value of each object parameter on the way down (`geo_locations` before its `regions`), and the siblings the
 * sub-field is sent beside (a button of the type it belongs to).
 */
function containerBase(op: SweepOperation, p: SweptParam, params: SweptParam[]): unknown {
  const top = p.path[0];
  // A list the base leaves out starts as its valid value: an item's sub-field goes beside the item's other fields.
  const topValid = params.find((q) => q.path.length === 1 && q.path[0] === top)?.valid;
  const inBase = valueAt(op.request, [placementOf(op), top!]) ?? (Array.isArray(topValid) ? topValid : undefined);
  let value: unknown = inBase ?? {};
  for (const q of params) {
    if (q.path[0] !== top || q.path.length < 2 || q.valid === undefined || q.valid === REMOVED) continue;
    const onTheWay = q.path.length < p.path.length && q.path.every((part, i) => part === p.path[i]);
    if (!q.constraints.required && !onTheWay) continue;
    if (valueAt(value, q.path.slice(1)) === undefined) value = withAt(value, q.path.slice(1), q.valid);
  }
  // The siblings it goes beside, and those of each object on the way (a component's text beside its example).
  for (const q of [...params.filter((q) => q.path.length < p.path.length && q.path.every((part, i) => part === p.path[i])), p]) {
    for (const [key, sibling] of Object.entries(q.override?.beside ?? {})) value = withAt(value, [...q.path.slice(1, -1), key], sibling);
  }
  return value;
}

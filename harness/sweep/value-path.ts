/** A place in a request's parameters: keys of objects and indexes of arrays (`components[0].buttons[0].type`). */
export type Path = (string | number)[];

/** `components[0].buttons[0]` -> [`components`, 0, `buttons`, 0]. */
export function parsePath(text: string): Path {
  return text
    .split('.')
    .flatMap((part) => [...part.matchAll(/([^[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!)));
}

/** The value at `path`, or undefined. */
export function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const part of path) {
    if (part === '') continue;
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[part];
  }
  return at;
}

/** Removes the key at a path (`withAt(value, path, REMOVED)`). */
export const REMOVED: unique symbol = Symbol('removed');

/**
 * A copy of `value` with `path` set to `next` (or its key removed): objects and arrays on the way are copied, and
 * made where missing, so the original is never changed.
 */
export function withAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : value !== null && typeof value === 'object'
      ? { ...(value as Record<string, unknown>) }
      : typeof head === 'number'
        ? []
        : {};
  const inner = withAt((copy as Record<string | number, unknown>)[head], rest, next);
  if (inner === REMOVED) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete (copy as Record<string | number, unknown>)[head];
  } else {
    (copy as Record<string | number, unknown>)[head] = inner;
  }
  return copy;
}

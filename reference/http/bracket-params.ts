/**
 * Folds bracket keys into structures: `attached_media[0]=x` -> `{attached_media: ['x']}`,
 * `a[b][c]=1` -> `{a: {b: {c: '1'}}}`, `fields[]=x` -> `{fields: ['x']}`. Plain keys keep the last value.
 * Values are never JSON-decoded here: routes read object-valued params through reference/params.ts.
 */
export function foldParams(pairs: Iterable<[string, unknown]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const bracketed = new WeakSet<object>();
  for (const [key, value] of pairs) {
    if (UNSAFE.test(key)) continue;
    const path = keyPath(key);
    if (!path) {
      root[key] = value;
      continue;
    }
    assign(root, path, value, bracketed);
  }
  return toArrays(root, bracketed) as Record<string, unknown>;
}

// Keys that would reach Object.prototype through plain-object assignment.
const UNSAFE = /(^|\[)(__proto__|constructor|prototype)(\]|$)/;

function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!match?.[1] || !match[2]) return null;
  const rest = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1], ...rest];
}

function assign(
  root: Record<string, unknown>,
  path: string[],
  value: unknown,
  bracketed: WeakSet<object>,
): void {
  let node: Record<string, unknown> = root;
  for (let i = 0; i < path.length - 1; i += 1) {
    const key = segmentKey(node, path[i] ?? '');
    const child = node[key];
    if (typeof child === 'object' && child !== null && bracketed.has(child)) {
      node = child as Record<string, unknown>;
      continue;
    }
    const created: Record<string, unknown> = {};
    bracketed.add(created);
    node[key] = created;
    node = created;
  }
  node[segmentKey(node, path[path.length - 1] ?? '')] = value;
}

/** `[]` appends: it takes the next free numeric key. */
function segmentKey(node: Record<string, unknown>, segment: string): string {
  if (segment !== '') return segment;
  return String(Object.keys(node).filter((k) => /^\d+$/.test(k)).length);
}

function toArrays(value: unknown, bracketed: WeakSet<object>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = toArrays(record[key], bracketed);
  const keys = Object.keys(record);
  if (!bracketed.has(record) || keys.length === 0 || !keys.every((k) => /^\d+$/.test(k))) return record;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((k) => record[String(k)]);
}

/**
 * Reads `a.b[0].c` (also `length` of arrays and strings) from a value; undefined when any part is missing. The one
 * reader of such a path: suite templates, checks' `path` arguments, the profile's error paths and step captures.
 */
export function lookup(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const part of path.split(/\.|(?=\[)/)) {
    if (part === '') continue;
    const index = /^\[(\d+)\]$/.exec(part);
    if (value === null || value === undefined) return undefined;
    if (index) value = (value as unknown[])[Number(index[1])];
    else if (part === 'length' && (Array.isArray(value) || typeof value === 'string')) value = value.length;
    else value = typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}

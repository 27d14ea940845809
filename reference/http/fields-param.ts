/** One top-level entry of `fields`: `messages.source(PARTICIPANTS).limit(2){message}`. */
export interface FieldSpec {
  name: string;
  /** `.name(value)` modifiers, e.g. `{ source: 'PARTICIPANTS', limit: '2' }`. */
  modifiers: Record<string, string>;
}

/**
 * Splits `fields` at top-level commas, each name once: `a,b{c},d.limit(2)` -> a, b, d (with its modifier). The one
 * reading of the parameter for every endpoint; sub-selections in braces are accepted and not applied.
 */
export function parseFieldSpecs(spec: string): FieldSpec[] {
  const specs: FieldSpec[] = [];
  let depth = 0;
  let current = '';
  for (const char of `${spec},`) {
    if (char === '{' || char === '(') depth += 1;
    if (char === '}' || char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      const parsed = parseOne(current);
      if (parsed && !specs.some((known) => known.name === parsed.name)) specs.push(parsed);
      current = '';
    } else current += char;
  }
  return specs;
}

function parseOne(text: string): FieldSpec | undefined {
  const head = text.trim().replace(/\{.*\}$/s, '');
  const name = /^([A-Za-z_]\w*)/.exec(head)?.[1];
  if (!name) return undefined;
  const modifiers: Record<string, string> = {};
  for (const match of head.slice(name.length).matchAll(/\.(\w+)\(([^)]*)\)/g)) {
    modifiers[match[1] ?? ''] = (match[2] ?? '').trim();
  }
  return { name, modifiers };
}

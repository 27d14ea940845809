import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { lineAt, MAX_NESTING, valueNestingExceeds, yamlTooDeepAt } from './nesting.js';
import { excessiveAliases } from './yaml-aliases.js';

/** A parsed YAML (or JSON) text that can say on which line a JSON-pointer path starts. */
export interface LocatedDocument {
  value: unknown;
  lineOf(pointer: string): number | undefined;
}

/** Parses YAML; syntax errors come back as `{ line, message }` instead of throwing. */
export function parseLocated(text: string): LocatedDocument | { error: { line: number; message: string } } {
  const tooDeep = yamlTooDeepAt(text);
  if (tooDeep !== undefined) return { error: { line: lineAt(text, tooDeep), message: NESTED_TOO_DEEP } };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const line = lineCounter.linePos(first.pos[0]).line;
    return { error: { line, message: first.message.split('\n')[0] ?? first.message } };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const message = excessiveAliases(error);
    if (!message) throw error;
    return { error: { line: 1, message } };
  }
  if (valueNestingExceeds(value)) return { error: { line: 1, message: NESTED_TOO_DEEP } };
  return {
    value,
    lineOf(pointer: string) {
      const node = nodeAt(doc.contents as Node | null, pointer.split('/').filter(Boolean).map(unescapePointer));
      const offset = node?.range?.[0];
      return offset === undefined ? undefined : lineCounter.linePos(offset).line;
    },
  };
}

const NESTED_TOO_DEEP = `nested deeper than ${MAX_NESTING} levels, as in a resource-exhaustion file: flatten it`;

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Walks down as far as the path exists, so an error on a missing key points at its parent. */
function nodeAt(root: Node | null, segments: string[]): Node | null {
  let node = root;
  for (const segment of segments) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      next = pair?.key && segment ? (pair.value ?? pair.key) : undefined;
    } else if (isSeq(node)) {
      next = node.items[Number(segment)];
    }
    if (!next) return node;
    node = next as Node;
  }
  return node;
}

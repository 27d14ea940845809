import { lookup } from '../validation/lookup.js';
import { type Check, eachExchange, isRecord, judgedEach } from './check.js';
import { ANY, object, STRING } from '../validation/json-schema.js';

/** Each bound is a number or a collection captured from an earlier step (its item count). */
export interface Args {
  /** Where the collection is in the body (`messages`); the whole body when absent. */
  path?: string;
  min?: unknown;
  max?: unknown;
  fewer_than?: unknown;
}

/**
 * A collection's items: a JSON array, or a list result's `data` array (reading R22: a `Message[]` field may
 * come either way). Undefined when the value is neither.
 */
export function collectionItems(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  return isRecord(value) && Array.isArray(value.data) ? value.data : undefined;
}

function limitOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return collectionItems(value)?.length;
}

function describeBound(bound: unknown): string {
  if (typeof bound === 'number' || typeof bound === 'string') return String(bound);
  const count = limitOf(bound);
  return count === undefined ? JSON.stringify(bound) : `${count} (an earlier collection's count)`;
}

/** Counts the items of a collection (array or list result, R22) and compares the count; nothing else. */
export const collectionSize: Check<Args> = {
  name: 'collection-size',
  explain: (args) => {
    const bounds = (
      [
        ['at least', args.min],
        ['at most', args.max],
        ['fewer than', args.fewer_than],
      ] as const
    )
      .filter(([, bound]) => bound !== undefined)
      .map(([words, bound]) => `${words} ${describeBound(bound)}`);
    return `\`${args.path ?? 'body'}\` is an array or a list result holding ${bounds.join(' and ')} item(s)`;
  },
  // A bound is a number or an earlier collection (a template), so its type is left to the run.
  args: {
    ...object({ path: STRING, min: ANY, max: ANY, fewer_than: ANY }),
    anyOf: [{ required: ['min'] }, { required: ['max'] }, { required: ['fewer_than'] }],
  },
  run: (input, args) => {
    const where = `\`${args.path ?? 'body'}\``;
    const bounds: [unknown, string, (count: number, limit: number) => boolean][] = [
      [args.min, 'at least', (count, limit) => count >= limit],
      [args.max, 'at most', (count, limit) => count <= limit],
      [args.fewer_than, 'fewer than', (count, limit) => count < limit],
    ];
    return judgedEach(input, eachExchange(input, (_, body) => {
      const items = collectionItems(args.path ? lookup(body, args.path) : body);
      if (!items) return [{ message: `${where} is neither an array nor a list result with a \`data\` array` }];
      return bounds
        .filter(([bound]) => bound !== undefined)
        .flatMap(([bound, words, holds]) => {
          const limit = limitOf(bound);
          if (limit === undefined) {
            return [{ message: `the bound ${JSON.stringify(bound)} is neither a number nor a collection` }];
          }
          if (holds(items.length, limit)) return [];
          return [{ message: `${where} holds ${items.length} item(s), expected ${words} ${limit}` }];
        });
    }));
  },
};

import { lookup } from '../suite/template.js';
import { type Check, eachExchange, isRecord } from './check.js';

interface Args {
  /** Where the items are; `data` by default. */
  path?: string;
  has: string[];
}

/** Every item of a list carries each of the named fields (a `fields=` selection, say). */
export const itemsHave: Check = {
  name: 'items-have',
  explain: (raw) => {
    const args = raw as Args;
    return `every item of \`${args.path ?? 'data'}\` carries ${args.has.map((f) => `\`${f}\``).join(', ')}`;
  },
  argsProblem: (raw) =>
    isRecord(raw) && Array.isArray(raw.has) && raw.has.length > 0 ? undefined : 'items-have takes { has: [fields], path? }',
  run: (input, raw) => {
    const args = raw as Args;
    return eachExchange(input, (_, body) => {
      const items = lookup(body, args.path ?? 'data');
      if (!Array.isArray(items)) return [{ message: `\`${args.path ?? 'data'}\` is not an array` }];
      return items.flatMap((item, i) =>
        args.has
          .filter((name) => !isRecord(item) || item[name] === undefined)
          .map((name) => ({ message: `item ${i} (id ${isRecord(item) ? String(item.id) : '?'}) has no \`${name}\`` })),
      ).slice(0, 10);
    });
  },
};

import { lookup } from '../validation/lookup.js';
import { type Check, eachExchange, isRecord, judgedCount } from './check.js';
import { object, orTemplate, STRING } from '../validation/json-schema.js';

export interface Args {
  /** Where the items are; `data` by default. */
  path?: string;
  has: string[];
}

/** Every item of a list carries each of the named fields (a `fields=` selection, say). */
export const itemsHave: Check<Args> = {
  name: 'items-have',
  explain: (args) => {
    return `every item of \`${args.path ?? 'data'}\` carries ${args.has.map((f) => `\`${f}\``).join(', ')}`;
  },
  args: object({ path: STRING, has: orTemplate({ type: 'array', items: STRING, minItems: 1 }) }, ['has']),
  run: (input, args) => {
    let count = 0;
    const findings = eachExchange(input, (_, body) => {
      const items = lookup(body, args.path ?? 'data');
      if (!Array.isArray(items)) return [{ message: `\`${args.path ?? 'data'}\` is not an array` }];
      count += items.length;
      return items.flatMap((item, i) =>
        args.has
          .filter((name) => !isRecord(item) || item[name] === undefined)
          .map((name) => ({ message: `item ${i} (id ${isRecord(item) ? String(item.id) : '?'}) has no \`${name}\`` })),
      ).slice(0, 10);
    });
    // A body that is not a list is a finding; an empty list judged nothing.
    return judgedCount(findings, findings.length > 0 ? Math.max(count, 1) : count, 'the list was empty');
  },
};

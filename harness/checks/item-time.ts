import { lookup } from '../validation/lookup.js';
import { NUMBER, object, orTemplate, STRING } from '../validation/json-schema.js';
import type { Check } from './check.js';
import { itemId, listItems } from './list-items.js';

export interface ItemTimeArgs {
  id: string;
  path: string;
  near: number;
  within: number;
}

/** The spec's sample shape of a time field (`<YYYY-MM-DDThh:mm:ss+0000>`); reading R11 also takes a number. */
const SAMPLE_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/;

/** Unix seconds of a time read as a number or in the sample shape (R11); undefined for anything else. */
export function readTime(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && SAMPLE_SHAPE.test(value)) return Date.parse(value.replace('+0000', 'Z')) / 1000;
  return undefined;
}

/**
 * Among the step's list items, the item `id` carries at `path` a time (R11) within `within` seconds of `near` (a
 * time on the target's clock, such as `clock.now` read when the item was created).
 */
export const itemTime: Check<ItemTimeArgs> = {
  name: 'item-time',
  explain: (args) => `the listed item ${args.id} has \`${args.path}\` within ${args.within} s of ${args.near}`,
  args: object(
    { id: orTemplate({ type: ['string', 'number'] }), path: STRING, near: NUMBER, within: NUMBER },
    ['id', 'path', 'near', 'within'],
  ),
  run: (input, args) => {
    const found = listItems(input.bodies).find(({ item }) => itemId(item) === String(args.id));
    if (!found) return { findings: [{ message: `item ${args.id} is not listed` }], judged: 1 };
    const value = lookup(found.item, args.path);
    const time = readTime(value);
    const where = `item ${args.id}: \`${args.path}\``;
    if (time === undefined) {
      const message = `${where} is ${JSON.stringify(value)}, not a time (a number or YYYY-MM-DDThh:mm:ss+0000, R11)`;
      return { findings: [{ message, exchange: found.exchange }], judged: 1 };
    }
    const off = Math.abs(time - args.near);
    const findings =
      off <= args.within
        ? []
        : [{ message: `${where} is ${JSON.stringify(value)}, ${Math.round(off)} s from ${args.near} (at most ${args.within} s)`, exchange: found.exchange }];
    return { findings, judged: 1 };
  },
};

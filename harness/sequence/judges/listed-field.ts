import { isFalsy, isTruthy } from '../../checks/matchers.js';
import type { Condition } from '../../suite/sequence-spec.js';
import { lookup } from '../../validation/lookup.js';
import { object, STRING } from '../../validation/json-schema.js';
import { matches } from '../conditions.js';
import { itemsOf } from '../model.js';
import { type JudgeFinding, listedItems, type ModelJudge } from './model-judge.js';

interface ListedFieldArgs {
  in: string;
  /** The listed item's field, read by truthiness (R17: its type is not always stated). */
  path: string;
  /** The model's items that must read it true... */
  truthy?: Condition;
  /** ...and those that must read it false (or leave it out). Items matching neither are not judged. */
  falsy?: Condition;
}

/**
 * A field of each listed item the model knows, read by truthiness as the model says it stands: `is_published` of a
 * published post true, of an unpublished one false, of a scheduled one false until its time and true after.
 */
export const listedField: ModelJudge<ListedFieldArgs> = {
  name: 'listed-field',
  explain: (a) => `each listed ${a.in} item reads \`${a.path}\` true or false as the model holds it`,
  args: object({ in: STRING, path: STRING, truthy: { type: 'object' }, falsy: { type: 'object' } }, ['in', 'path']),
  run: ({ model, reads }, args) => {
    const byId = new Map(itemsOf(model, args.in).map((item) => [String(item.id), item]));
    const findings: JudgeFinding[] = [];
    let judged = 0;
    for (const { item: read, id, exchange } of listedItems(reads)) {
      const item = id === undefined ? undefined : byId.get(id);
      if (!item) continue;
      const want = args.truthy && matches(item, args.truthy) ? true : args.falsy && matches(item, args.falsy) ? false : undefined;
      if (want === undefined) continue;
      judged += 1;
      const value = lookup(read, args.path);
      if (want ? isTruthy(value) : isFalsy(value)) continue;
      const expected = `${args.path} ${want} (R17)`;
      findings.push({ message: `${args.in} ${id} reads \`${args.path}\` ${JSON.stringify(value)}; the model holds it ${want ? 'true' : 'false'}`, exchange, expected, actual: `${args.path} ${JSON.stringify(value)}` });
    }
    return { findings, judged, ...(judged === 0 ? { nothingJudged: `no listed ${args.in} item is one whose \`${args.path}\` the model knows` } : {}) };
  },
};

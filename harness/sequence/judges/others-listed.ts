import { isFalsy } from '../../checks/matchers.js';
import { lookup } from '../../validation/lookup.js';
import { object, orTemplate, STRING } from '../../validation/json-schema.js';
import { itemsOf } from '../model.js';
import { type JudgeFinding, listedItems, type ModelJudge } from './model-judge.js';

interface OthersListedArgs {
  in: string;
  /** Ids listed before the sequence began (a setup walk's `ids`): not the sequence's doing. */
  except: unknown[];
  /** A field every other new item must read false or leave out (R17). */
  falsy: string;
}

/**
 * Items the sequence did not make, listed since it began, must read `falsy` false: an unpublished upload may leave
 * an unpublished post of its own on the feed (both are listed, R3), never a published one. Judged over every
 * listed item that is neither the model's nor there before.
 */
export const othersListed: ModelJudge<OthersListedArgs> = {
  name: 'others-listed',
  walksWhole: true,
  explain: (a) => `any other new item in the list reads \`${a.falsy}\` false: the sequence made no such ${a.in} item`,
  args: object({ in: STRING, except: orTemplate({ type: 'array' }), falsy: STRING }, ['in', 'except', 'falsy']),
  run: ({ model, reads }, args) => {
    const known = new Set([...itemsOf(model, args.in).map((item) => String(item.id)), ...args.except.map(String)]);
    const listedNow = listedItems(reads);
    const findings: JudgeFinding[] = listedNow
      .filter(({ id, item }) => id !== undefined && !known.has(id) && !isFalsy(lookup(item, args.falsy)))
      .slice(0, 1)
      .map(({ id, item, exchange }) => ({
        message: `${id} is listed with \`${args.falsy}\` ${JSON.stringify(lookup(item, args.falsy))}: a ${args.in} item the sequence never made`,
        exchange,
        expected: `no new item with ${args.falsy} true but the model's`,
        actual: `${id}: ${args.falsy} ${JSON.stringify(lookup(item, args.falsy))}`,
      }));
    const judged = listedNow.length;
    return { findings, judged, ...(judged === 0 ? { nothingJudged: 'the list was empty' } : {}) };
  },
};

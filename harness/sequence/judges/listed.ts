import type { Condition } from '../../suite/sequence-spec.js';
import { object, STRING } from '../../validation/json-schema.js';
import { matches } from '../conditions.js';
import { itemsOf } from '../model.js';
import { idList, type JudgeFinding, listedItems, type ModelJudge } from './model-judge.js';

interface ListedArgs {
  /** The model collection whose items the list shows. */
  in: string;
  /** The items that must be listed, each exactly once (default: every item). */
  where?: Condition;
  /** Items that must not be listed: any of these conditions. Items matching neither are not judged. */
  absent?: Condition[];
  /** The items listed appear in creation order. */
  in_order?: boolean;
  /** `refuse`: an id the model does not know is a finding (the list is the sequence's own); `ignore` (default). */
  others?: 'ignore' | 'refuse';
}

const CONDITION = { type: 'object' };

/**
 * A walked list against the model: every item `where` names listed exactly once (contract §3.4: walking `next` to
 * the end yields each item once), none `absent` names listed, no item of the model listed twice, and with
 * `in_order` those listed in creation order; what the model leaves open (an item matching neither) is not judged.
 */
export const listed: ModelJudge<ListedArgs> = {
  name: 'listed',
  walksWhole: true,
  explain: (a) =>
    `the list holds each ${a.in} item the model says is there exactly once${a.absent ? ', none it says is gone' : ''}` +
    `${a.in_order ? ', in creation order' : ''}${a.others === 'refuse' ? ', and nothing else' : ''}`,
  args: object({ in: STRING, where: CONDITION, absent: { type: 'array', items: CONDITION }, in_order: { type: 'boolean' }, others: { enum: ['ignore', 'refuse'] } }, ['in']),
  run: ({ model, reads }, args) => {
    const items = itemsOf(model, args.in);
    const present = items.filter((item) => matches(item, args.where));
    const absent = items.filter((item) => !present.includes(item) && (args.absent ?? []).some((where) => matches(item, where)));
    const listedNow = listedItems(reads);
    const findings: JudgeFinding[] = [];
    const expected = `listed once each: ${idList(present.map((i) => i.id))}${absent.length ? `; not listed: ${idList(absent.map((i) => i.id))}` : ''}`;
    // Of a shared list (the Page feed), only the model's own items say anything; the others are counted.
    const known = new Set(items.map((i) => String(i.id)));
    const strangerCount = listedNow.filter((l) => !known.has(String(l.id))).length;
    const actual = `listed: ${idList(listedNow.filter((l) => known.has(String(l.id))).map((l) => l.id))}${strangerCount ? ` (and ${strangerCount} other item${strangerCount === 1 ? '' : 's'})` : ''}`;
    const where = (id: unknown) => listedNow.filter((l) => l.id === String(id));
    for (const item of present) {
      const found = where(item.id);
      if (found.length !== 1) findings.push({ message: `${args.in} ${String(item.id)} is listed ${times(found.length)}; the model holds it once`, exchange: found[1]?.exchange, expected, actual });
    }
    for (const item of absent) {
      const found = where(item.id);
      if (found.length > 0) findings.push({ message: `${args.in} ${String(item.id)} is listed, though the model holds it gone (${describe(item)})`, exchange: found[0]!.exchange, expected, actual });
    }
    for (const item of items.filter((i) => !present.includes(i) && !absent.includes(i))) {
      const found = where(item.id);
      if (found.length > 1) findings.push({ message: `${args.in} ${String(item.id)} is listed ${times(found.length)}`, exchange: found[1]!.exchange, expected, actual });
    }
    const strangers = args.others === 'refuse' ? listedNow.filter((l) => !known.has(String(l.id))) : [];
    if (strangers.length > 0) findings.push({ message: `the list holds ${strangers[0]!.id ?? 'an item without an id'}, which the sequence never made`, exchange: strangers[0]!.exchange, expected, actual });
    if (args.in_order) findings.push(...outOfOrder(present, listedNow, { expected, actual }));
    const judged = present.length + absent.length + (args.others === 'refuse' ? 1 : 0);
    return { findings, judged, ...(judged === 0 ? { nothingJudged: `the model holds no ${args.in} item to judge the list by` } : {}) };
  },
};

function times(n: number): string {
  return n === 0 ? 'nowhere' : n === 1 ? 'once' : `${n} times`;
}

function describe(item: Record<string, unknown>): string {
  return Object.entries(item)
    .filter(([key]) => key !== 'seq' && key !== 'id')
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
}

/** The present items as listed follow their creation order (`seq`); the first pair out of it is the finding. */
function outOfOrder(present: Record<string, unknown>[], listedNow: { id: string | undefined; exchange: number }[], words: { expected: string; actual: string }): JudgeFinding[] {
  const seqOf = new Map(present.map((item) => [String(item.id), Number(item.seq)]));
  const shown = listedNow.filter((l) => l.id !== undefined && seqOf.has(l.id));
  for (let i = 1; i < shown.length; i++) {
    const [before, after] = [shown[i - 1]!, shown[i]!];
    if (seqOf.get(before.id!)! > seqOf.get(after.id!)!) {
      return [{ message: `${after.id} (made before ${before.id}) is listed after it: the list is not in creation order`, exchange: after.exchange, ...words }];
    }
  }
  return [];
}

import { type Check, isRecord } from './check.js';
import { itemId, listItems } from './list-items.js';

interface Args {
  /** Ids that must appear (e.g. posts the rule created). */
  includes?: string[];
  /** The walk must yield exactly these ids, in any order (an earlier walk of the same edge, say). */
  same_as?: string[];
}

/** Over a walk: no item id appears twice, the walk ended, and every id in `includes` appeared. */
export const eachItemOnce: Check = {
  name: 'each-item-once',
  explain: (raw) => {
    const args = (raw ?? {}) as Args;
    const extra = args.same_as
      ? ', the same items as the earlier walk'
      : args.includes?.length
        ? `, and includes ${args.includes.length} known item(s)`
        : '';
    return `walking the pages yields each item exactly once and ends${extra} (contract §3.4)`;
  },
  argsProblem: (raw) => (raw == null || isRecord(raw) ? undefined : 'each-item-once takes { includes: [ids] }'),
  run: (input, raw) => {
    const args = (raw ?? {}) as Args;
    const seen = new Map<string, number>();
    const findings = [];
    for (const { item, exchange } of listItems(input.bodies)) {
      const id = itemId(item);
      if (id === undefined) {
        findings.push({ message: 'an item has no id', exchange });
        continue;
      }
      const first = seen.get(id);
      if (first !== undefined) {
        findings.push({ message: `item ${id} appears again (first on page ${first + 1}, again on page ${exchange + 1})`, exchange });
      } else seen.set(id, exchange);
    }
    if (input.meta.truncated) {
      findings.push({ message: `the walk had not ended after ${input.exchanges.length} pages` });
    }
    for (const id of [...(args.includes ?? []), ...(args.same_as ?? [])]) {
      if (!seen.has(String(id))) findings.push({ message: `item ${id} never appeared in the walk` });
    }
    if (args.same_as) {
      const expected = new Set(args.same_as.map(String));
      const extra = [...seen.keys()].filter((id) => !expected.has(id));
      if (extra.length) findings.push({ message: `the walk yielded ${extra.length} item(s) the earlier walk did not, e.g. ${extra[0]}` });
    }
    return findings.slice(0, 20);
  },
};

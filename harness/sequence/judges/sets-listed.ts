import { listItems } from '../../checks/list-items.js';
import { object, STRING } from '../../validation/json-schema.js';
import { same } from '../conditions.js';
import { itemsOf } from '../model.js';
import type { JudgeFinding, ModelJudge } from './model-judge.js';

interface SetsListedArgs {
  in: string;
  /** The field that tells the listed entries apart (`object`), the same in the model and the list. */
  key: string;
  /** The set-valued field compared as a set (`fields`), the same in the model and the list. */
  set: string;
  /** Values every listed entry the model holds carries (`active: true`, R30). */
  with?: Record<string, unknown>;
}

/**
 * A list of entries, each a key with a set of members (the app's subscriptions: an object and its fields), against
 * the model: each entry with members listed once, its members exactly the model's (as a set), carrying `with`; an
 * entry the model holds without members listed without any, or not at all (which one the spec leaves open); no
 * entry the model does not hold.
 */
export const setsListed: ModelJudge<SetsListedArgs> = {
  name: 'sets-listed',
  explain: (a) => `the list holds each ${a.in} entry the model holds, by ${a.key}, with exactly its ${a.set}, and nothing else`,
  args: object({ in: STRING, key: STRING, set: STRING, with: { type: 'object' } }, ['in', 'key', 'set']),
  run: ({ model, reads }, args) => {
    const items = itemsOf(model, args.in);
    const listedNow = reads.flatMap((read, r) => listItems(read.bodies).map((l) => ({ ...l, exchange: offsetOf(reads, r) + l.exchange })));
    const words = (members: unknown) => (Array.isArray(members) ? `[${members.map(String).sort().join(', ')}]` : JSON.stringify(members));
    const expected = items.map((item) => `${String(item[args.key])} ${words(item[args.set])}`).join('; ') || 'nothing';
    const actual = listedNow.map(({ item }) => `${String(item[args.key])} ${words(item[args.set])}`).join('; ') || 'nothing';
    const findings: JudgeFinding[] = [];
    for (const item of items) {
      const members = (item[args.set] as unknown[] | undefined) ?? [];
      const found = listedNow.filter(({ item: l }) => same(l[args.key], item[args.key]));
      const name = `${args.in} ${String(item[args.key])}`;
      if (found.length > 1) findings.push({ message: `${name} is listed ${found.length} times`, exchange: found[1]!.exchange, expected, actual });
      if (found.length === 0) {
        if (members.length > 0) findings.push({ message: `${name} is not listed; the model holds it with ${words(members)}`, expected, actual });
        continue;
      }
      const entry = found[0]!;
      const listedMembers = entry.item[args.set];
      if (!sameSet(listedMembers, members)) findings.push({ message: `${name} lists ${args.set} ${words(listedMembers)}; the model holds ${words(members)}`, exchange: entry.exchange, expected, actual });
      if (members.length === 0) continue;
      for (const [field, value] of Object.entries(args.with ?? {})) {
        if (!same(entry.item[field], value)) findings.push({ message: `${name} reads \`${field}\` ${JSON.stringify(entry.item[field])}, not ${JSON.stringify(value)}`, exchange: entry.exchange, expected, actual });
      }
    }
    const stranger = listedNow.find(({ item }) => !items.some((i) => same(i[args.key], item[args.key])));
    if (stranger) findings.push({ message: `${args.in} ${String(stranger.item[args.key])} is listed, though the model holds none (never made, or removed)`, exchange: stranger.exchange, expected, actual });
    return { findings, judged: items.length + 1 };
  },
};

function offsetOf(reads: { exchanges: unknown[] }[], index: number): number {
  return reads.slice(0, index).reduce((sum, read) => sum + read.exchanges.length, 0);
}

function sameSet(listed: unknown, members: unknown[]): boolean {
  if (!Array.isArray(listed)) return false;
  const have = new Set(listed.map(String));
  return have.size === new Set(members.map(String)).size && members.every((m) => have.has(String(m)));
}

import { isErrorResponse } from '../../checks/error-envelope.js';
import { isRecord } from '../../checks/check.js';
import type { Condition } from '../../suite/sequence-spec.js';
import { lookup } from '../../validation/lookup.js';
import { object, STRING } from '../../validation/json-schema.js';
import { matches, same } from '../conditions.js';
import type { JudgeFinding, ModelJudge, Read } from './model-judge.js';

interface ItemReadArgs {
  /** The item each read names (an `each:` operation reads every one). */
  item: string;
  /** An item the model holds live reads back as a success... */
  live: Condition;
  /** ...whose fields (paths in the answer) equal these values of the item (`name: name`). */
  fields?: Record<string, string>;
  /** An item the model holds gone reads back as an error, or as a success whose `status` says so (R25). */
  gone: Condition;
  gone_status?: { path: string; one_of: unknown[] };
}

/**
 * Each object the sequence made, read back by its id as the model holds it: a live one as a success carrying the
 * fields it was made with (and no status saying it is going), a gone one as an error or with a status that says it is going (R25). An error counts only
 * where another read of the same operation was a success: the same request for a live object, its control (R51).
 */
export const itemRead: ModelJudge<ItemReadArgs> = {
  name: 'item-read',
  explain: (a) => `each ${a.item} read back is there while the model holds it live, and gone (an error, or a status saying so) once it holds it gone`,
  args: object({ item: STRING, live: { type: 'object' }, fields: { type: 'object', additionalProperties: STRING }, gone: { type: 'object' }, gone_status: object({ path: STRING, one_of: { type: 'array' } }, ['path', 'one_of']) }, ['item', 'live', 'gone']),
  run: ({ reads }, args) => {
    const findings: JudgeFinding[] = [];
    let judged = 0;
    let errors = 0;
    let offset = 0;
    const controlAccepted = reads.some((read) => succeeded(read));
    for (const read of reads) {
      const item = read.picked[args.item];
      const at = offset + read.exchanges.length - 1;
      offset += read.exchanges.length;
      if (!item || read.exchanges.length === 0) continue;
      const body = read.bodies.at(-1);
      const id = String(item.id);
      if (matches(item, args.live)) {
        judged += 1;
        if (!succeeded(read)) {
          findings.push({ message: `${args.item} ${id} reads as an error, though the model holds it live`, exchange: at, expected: 'a success', actual: `HTTP ${read.exchanges.at(-1)!.response?.status ?? '-'} ${JSON.stringify(body)}` });
          continue;
        }
        const status = args.gone_status && lookup(body, args.gone_status.path);
        if (args.gone_status?.one_of.some((v) => same(v, status))) {
          findings.push({ message: `${args.item} ${id} reads \`${args.gone_status.path}\` ${JSON.stringify(status)}, though the model holds it live`, exchange: at, expected: `${args.gone_status.path} none of ${args.gone_status.one_of.join(', ')}`, actual: `${args.gone_status.path} ${JSON.stringify(status)}` });
        }
        for (const [path, field] of Object.entries(args.fields ?? {})) {
          const value = lookup(body, path);
          if (!same(value, item[field])) findings.push({ message: `${args.item} ${id} reads \`${path}\` ${JSON.stringify(value)}, not ${JSON.stringify(item[field])}`, exchange: at, expected: `${path} ${JSON.stringify(item[field])}`, actual: `${path} ${JSON.stringify(value)}` });
        }
      } else if (matches(item, args.gone)) {
        if (!succeeded(read)) {
          errors += 1;
          if (controlAccepted) judged += 1;
          continue;
        }
        judged += 1;
        const status = args.gone_status && isRecord(body) ? lookup(body, args.gone_status.path) : undefined;
        if (args.gone_status && args.gone_status.one_of.some((v) => same(v, status))) continue;
        const expected = `an error${args.gone_status ? `, or ${args.gone_status.path} one of ${args.gone_status.one_of.join(', ')}` : ''} (R25)`;
        findings.push({ message: `${args.item} ${id} still reads as it was, though the model holds it gone`, exchange: at, expected, actual: JSON.stringify(body) });
      }
    }
    if (judged > 0) return { findings, judged };
    const why = errors > 0 ? 'only gone items were read, and an error counts only next to a live one read in the same operation (R51)' : `no ${args.item} read is one the model holds live or gone`;
    return { findings, judged, nothingJudged: why };
  },
};

function succeeded(read: Read): boolean {
  const last = read.exchanges.at(-1);
  return last !== undefined && !isErrorResponse(last, read.bodies.at(-1));
}

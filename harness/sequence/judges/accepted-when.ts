import { isErrorResponse } from '../../checks/error-envelope.js';
import type { Condition } from '../../suite/sequence-spec.js';
import { object, STRING } from '../../validation/json-schema.js';
import { matches } from '../conditions.js';
import { describeItem } from '../model.js';
import type { ModelJudge } from './model-judge.js';

interface AcceptedWhenArgs {
  /** The picked item whose state decides. */
  item: string;
  /** The answer must be a success while the item matches this... */
  ok_when?: Condition;
  /** ...and an error while it matches this. Matching neither, either answer is taken (the spec leaves it open). */
  error_when?: Condition;
}

/**
 * Whether the operation must be accepted or refused, as the state of the item it names decides (a post attaching an
 * upload within its retention, or one already gone, R13). A refusal counts only once the same operation was
 * accepted earlier in the sequence: its positive control (R51).
 */
export const acceptedWhen: ModelJudge<AcceptedWhenArgs> = {
  name: 'accepted-when',
  explain: (a) => `the operation is accepted or refused as the state of the ${a.item} it names says`,
  args: object({ item: STRING, ok_when: { type: 'object' }, error_when: { type: 'object' } }, ['item']),
  run: ({ model, operation, reads }, args) => {
    const read = reads.at(-1);
    const item = read?.picked[args.item];
    const at = (read?.exchanges.length ?? 0) - 1;
    const exchange = read?.exchanges[at];
    if (!read || !item || !exchange) return { findings: [], judged: 0, nothingJudged: 'the operation sent nothing' };
    const refused = isErrorResponse(exchange, read.bodies[at]);
    const state = describeItem(item);
    const offset = reads.slice(0, -1).reduce((sum, r) => sum + r.exchanges.length, 0) + at;
    if (args.ok_when && matches(item, args.ok_when)) {
      if (!refused) return { findings: [], judged: 1 };
      return { findings: [{ message: `refused, though the ${args.item} it names is ${state}`, exchange: offset, expected: 'accepted', actual: `refused (HTTP ${exchange.response?.status ?? '-'})` }], judged: 1 };
    }
    if (args.error_when && matches(item, args.error_when)) {
      if (refused) return (model.accepted[operation] ?? 0) > 0 ? { findings: [], judged: 1 } : { findings: [], judged: 0, nothingJudged: 'a refusal counts only next to the same operation accepted (R51), and none was yet' };
      return { findings: [{ message: `accepted, though the ${args.item} it names is ${state}`, exchange: offset, expected: 'refused', actual: `accepted (HTTP ${exchange.response?.status ?? '-'})` }], judged: 1 };
    }
    return { findings: [], judged: 0, nothingJudged: `the spec leaves open what becomes of a ${args.item} in this state` };
  },
};

import { describe, expect, it } from 'vitest';
import { type CheckInput, runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import { schemaProblem } from '../../../harness/validation/validate-value.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';

const walk = (ids: number[]): CheckInput => ({ exchanges: [], bodies: [{ data: ids.map((id) => ({ id })) }], facts: {} });
const judge = (input: CheckInput, args: unknown) => {
  const check = CHECKS.get('items-partitioned')!;
  expect(schemaProblem(check.args, args)).toBeUndefined();
  return runCheck(check, input, args, CHECK_CONTEXT);
};

describe('items-partitioned', () => {
  const args = (high: string[], medium: string[]) => ({ parts: [high, medium], names: ['HIGH', 'MEDIUM'], min_each: 1 });

  it('passes when the unfiltered items are exactly the two parts, none twice', () => {
    expect(judge(walk([1, 2, 3, 4]), args(['1', '4'], ['2', '3']))).toMatchObject({ findings: [], judged: 8 });
  });

  it('names an item under no filter, under both, or outside the unfiltered list', () => {
    const messages = (input: CheckInput, a: unknown) => judge(input, a).findings.map((f) => f.message);
    expect(messages(walk([1, 2, 3]), args(['1'], ['2']))).toEqual(['1 item(s) of the unfiltered list are under no filter, e.g. 3']);
    expect(messages(walk([1, 2]), args(['1', '2'], ['2']))).toEqual(['item 2 is listed under both HIGH and MEDIUM']);
    expect(messages(walk([1, 2]), args(['1', '9'], ['2']))).toEqual(['item 9 of HIGH is not in the unfiltered list']);
  });

  it('holds each part to the floor the fixture guarantees', () => {
    expect(judge(walk([2, 3]), args([], ['2', '3'])).findings.map((f) => f.message)).toEqual(['HIGH listed 0 item(s), at least 1 expected']);
  });

  it('judges nothing when a part is not a list (a template that yielded something else), never reads it as empty', () => {
    const notAList = judge(walk([2, 3]), { parts: [null, ['2', '3']], names: ['HIGH', 'MEDIUM'], min_each: 1 });
    expect(notAList).toMatchObject({ findings: [], judged: 0, nothingJudged: 'the ids of HIGH are not a list' });
  });

  it('judged nothing when every list was empty and no floor was asked', () => {
    expect(judge(walk([]), { parts: [[], []] })).toMatchObject({ judged: 0 });
  });
});

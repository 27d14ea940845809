import { describe, expect, it } from 'vitest';
import { type Check, judgedCount, type RegisteredCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import { STEP_KINDS } from '../../../harness/engine/steps/registry.js';
import { NO_ARGS, object, STRING } from '../../../harness/validation/json-schema.js';
import { assertCheckContract, entriesOf, suiteUses } from '../../helpers/registry-contract.js';

const uses = suiteUses(new Set(entriesOf(STEP_KINDS).map((kind) => kind.name)));

describe('every registered check keeps the contract', () => {
  it.each(entriesOf(CHECKS).map((check) => [check.name, check] as const))('%s', (_, check) => {
    assertCheckContract(check, uses.checks.get(check.name));
  });
});

/** A check that keeps the contract, for the planted ones below to break one clause each. */
const good: Check<{ path: string } | undefined> = {
  name: 'planted',
  explain: (args) => `the answer has ${args?.path ?? 'a body'}`,
  args: { anyOf: [NO_ARGS, object({ path: STRING })] },
  run: (input) => judgedCount([], input.exchanges.length, 'the step made no exchange'),
};
const planted = (changes: Partial<Check<{ path: string } | undefined>>) => ({ ...good, ...changes }) as RegisteredCheck;

describe('the contract refuses a check that breaks it', () => {
  it('keeps the planted check that breaks nothing', () => {
    expect(() => assertCheckContract(planted({}))).not.toThrow();
  });

  it('refuses one registered without explain, or whose explain says nothing', () => {
    expect(() => assertCheckContract(planted({ explain: undefined }))).toThrow(/explain says nothing/);
    expect(() => assertCheckContract(planted({ explain: () => '' }))).toThrow(/explain says nothing/);
  });

  it('refuses one whose schema accepts unknown keys, at the top or deeper', () => {
    const loose = { anyOf: [{ type: 'null' }, { type: 'object' }] };
    expect(() => assertCheckContract(planted({ args: loose }))).toThrow(/accepts an unknown key/);
    const deep = object({ where: { type: 'object', properties: { path: STRING } } });
    expect(() => assertCheckContract(planted({ args: deep }), [{ where: { path: 'id' } }])).toThrow(/lets unknown keys through at #\/properties\/where/);
  });

  it('refuses one that judges nothing without a reason', () => {
    const silent = planted({ run: (input) => ({ findings: [], judged: input.exchanges.length }) });
    expect(() => assertCheckContract(silent)).toThrow(/judged nothing on no exchange .* and gave no reason/);
  });
});

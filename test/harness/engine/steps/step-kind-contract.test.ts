import { describe, expect, it } from 'vitest';
import { STEP_KINDS } from '../../../../harness/engine/steps/registry.js';
import type { RegisteredStepKind } from '../../../../harness/engine/steps/step-kind.js';
import { object, STRING } from '../../../../harness/validation/json-schema.js';
import { assertStepKindContract, entriesOf, suiteUses } from '../../../helpers/registry-contract.js';

const kinds = entriesOf(STEP_KINDS);
const uses = suiteUses(new Set(kinds.map((kind) => kind.name)));

/** Bodies of the kinds no shipped suite uses yet (they are there for extensions and tests). */
const UNUSED: Record<string, unknown[]> = {
  parallel: [{ count: 2, request: { method: 'GET', path: '/me', token: 'page' } }],
};

describe('every registered step kind keeps the contract', () => {
  it.each(kinds.map((kind) => [kind.name, kind] as const))('%s', (_, kind) => {
    assertStepKindContract(kind, uses.kinds.get(kind.name) ?? UNUSED[kind.name]);
  });
});

const good: RegisteredStepKind = {
  name: 'planted',
  side: 'target',
  explain: () => 'sends nothing',
  body: object({ path: STRING }),
  run: () => Promise.resolve(),
};

describe('the contract refuses a step kind that breaks it', () => {
  it('keeps the planted kind that breaks nothing', () => {
    expect(() => assertStepKindContract(good)).not.toThrow();
  });

  it('refuses one without explain, or whose body schema accepts unknown keys', () => {
    expect(() => assertStepKindContract({ ...good, explain: undefined } as unknown as RegisteredStepKind)).toThrow(/explain says nothing/);
    expect(() => assertStepKindContract({ ...good, body: { type: 'object' } })).toThrow(/accepts an unknown key/);
    expect(() => assertStepKindContract({ ...good, body: { type: 'object', properties: { path: STRING } } })).toThrow(/lets unknown keys through/);
  });
});

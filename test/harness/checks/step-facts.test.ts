import { describe, expect, it } from 'vitest';
import { runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import type { FactName } from '../../../harness/checks/step-facts.js';
import { STEP_KINDS } from '../../../harness/engine/steps/registry.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';


describe('the facts a step leaves and a check needs', () => {
  it('every fact a check needs is left by some step kind or by the recorded traffic, so every check can be used', () => {
    const left = new Set<FactName>(['traffic', ...[...STEP_KINDS.values()].flatMap((kind) => kind.leaves ?? [])]);
    const orphans = [...CHECKS.values()].flatMap((check) => (check.needs ?? []).filter((fact) => !left.has(fact)).map((fact) => `${check.name}: ${fact}`));
    expect(orphans).toEqual([]);
  });

  it('a check whose facts a step did not leave (it failed before) judges nothing and says which it lacked', () => {
    const result = runCheck(CHECKS.get('updates-delivered')!, { exchanges: [], bodies: [], facts: {} }, undefined, CHECK_CONTEXT);
    expect(result).toMatchObject({ judged: 0, findings: [], nothingJudged: "updates-delivered needs the step's webhook, which it did not leave" });
  });

  it('hands a check the facts it needs when they are there', () => {
    const webhook = { injected: [], subscriptions: {}, notLive: [{ fromMs: 0, toMs: 1 }] };
    const result = runCheck(CHECKS.get('nothing-while-not-live')!, { exchanges: [], bodies: [], facts: { webhook } }, undefined, CHECK_CONTEXT);
    expect(result).toEqual({ findings: [], judged: 1 });
  });
});

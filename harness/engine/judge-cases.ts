import type { CheckContext } from '../checks/check.js';
import type { Exchange } from '../model/index.js';
import type { Expectation } from '../suite/suite.js';
import type { Scope } from '../suite/template.js';
import { judgeStep, type StepJudgement } from './judge-step.js';
import type { StepOutcome } from './step-outcome.js';

/**
 * A step's expectations applied to its outcome; a `cases:` step's outcome case by case, each with its own
 * expectations (the step's where a case has none) and its group's positive control (R51), its findings and what it
 * left unjudged named by the case.
 */
export function judgeOutcome(
  expectations: Expectation[],
  outcome: StepOutcome,
  scope: Scope,
  context: CheckContext,
  evidence: Exchange[],
  controlAccepted: boolean,
): StepJudgement {
  if (!outcome.cases) return judgeStep(expectations, outcome, scope, context, evidence, controlAccepted);
  const total: StepJudgement = { findings: [], judged: 0, unjudged: [] };
  for (const span of outcome.cases) {
    const part: StepOutcome = {
      exchanges: outcome.exchanges.slice(span.from, span.to),
      bodies: outcome.bodies.slice(span.from, span.to),
      facts: outcome.facts,
    };
    const judged = judgeStep(span.expect ?? expectations, part, scope, context, evidence, span.control?.accepted === true);
    const named = `case ${span.name}${span.why ? ` (${span.why})` : ''}`;
    total.findings.push(...judged.findings.map((f) => ({ ...f, message: `${named}: ${f.message}` })));
    const refusedControl = span.control && !span.control.accepted && judged.findings.length === 0;
    const unjudged = refusedControl ? [`the target refuses the valid request too (R51): the positive control ${span.control!.answer}`] : judged.unjudged;
    total.unjudged.push(...unjudged.map((why) => `${named}: ${why}`));
    total.judged += judged.judged;
  }
  return total;
}

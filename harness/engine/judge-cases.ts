import { judgeStep, type StepJudgement, type StepJudging } from './judge-step.js';
import type { StepOutcome } from './step-outcome.js';

/**
 * A step's expectations applied to its outcome; a `cases:` step's outcome case by case, each with its own
 * expectations (the step's where a case has none) and its group's positive control (R51), its findings and what it
 * left unjudged named by the case.
 */
export function judgeOutcome(judging: StepJudging): StepJudgement {
  const { expectations, outcome } = judging;
  if (!outcome.cases) return judgeStep(judging);
  const total: StepJudgement = { findings: [], judged: 0, unjudged: [] };
  for (const span of outcome.cases) {
    const part: StepOutcome = {
      exchanges: outcome.exchanges.slice(span.from, span.to),
      bodies: outcome.bodies.slice(span.from, span.to),
      facts: outcome.facts,
    };
    const judged = judgeStep({ ...judging, expectations: span.expect ?? expectations, outcome: part, controlAccepted: span.control?.accepted === true });
    const named = `case ${span.name}${span.why ? ` (${span.why})` : ''}`;
    total.findings.push(...judged.findings.map((f) => ({ ...f, message: `${named}: ${f.message}` })));
    const refusedControl = span.control && !span.control.accepted && judged.findings.length === 0;
    const unjudged = refusedControl ? [`the target refuses the valid request too (R51): the positive control ${span.control!.answer}`] : judged.unjudged;
    total.unjudged.push(...unjudged.map((why) => `${named}: ${why}`));
    total.judged += judged.judged;
  }
  return total;
}

import { type CheckContext, type CheckResult, refusalsApart, runCheck } from '../checks/check.js';
import { checkNamed, resolveExpectation } from '../checks/registry.js';
import type { Exchange, Finding } from '../model/index.js';
import type { Expectation } from '../suite/step.js';
import { evaluate, type Scope } from '../suite/template.js';
import { TemplateError } from '../errors.js';
import { schemaProblem } from '../validation/validate-value.js';
import type { StepOutcome } from './step-outcome.js';

/** What a step's expectations judged: findings (re-based on the rule's evidence), the count, and what judged nothing. */
export interface StepJudgement {
  findings: Finding[];
  judged: number;
  /** One sentence per expectation that judged nothing; any makes the execution unjudgeable. */
  unjudged: string[];
}

/** What a step's expectations are judged over. */
export interface StepJudging {
  expectations: Expectation[];
  outcome: StepOutcome;
  /** What the expectations' templates read. */
  scope: Scope;
  context: CheckContext;
  /** The rule's evidence so far: findings point into it. */
  evidence: Exchange[];
  /** The step's positive control was sent and accepted (reading R51). */
  controlAccepted: boolean;
}

/**
 * Applies expectations to a step's outcome. A refusal (an error answer a check took as the wanted outcome) counts
 * only when `controlAccepted` (reading R51) or the check's own exchanges hold the accepted twin: otherwise neither
 * the refusal nor a finding on it is counted.
 */
export function judgeStep(judging: StepJudging): StepJudgement {
  const { expectations, outcome, scope, context, evidence, controlAccepted } = judging;
  const judgement: StepJudgement = { findings: [], judged: 0, unjudged: [] };
  for (const expectation of expectations) {
    const { name, args } = resolveExpectation(expectation);
    const check = checkNamed(name);
    const result = runCheck(check, outcome, evaluatedArgs(name, check.args, args, scope), context);
    const apart = refusalsApart(check, result, outcome.exchanges.length);
    const judged = controlAccepted ? result.judged : apart.judged;
    judgement.judged += judged;
    if (judged === 0) judgement.unjudged.push(whyNothing(name, result, controlAccepted ? 0 : apart.refused.length));
    for (const { finding, at, onRefusal } of apart.findings) {
      if (onRefusal && !controlAccepted) continue;
      // A check over step facts alone (a TLS handshake, say) may find something without an exchange to point at.
      const sent = outcome.exchanges[at];
      judgement.findings.push({ check: name, ...finding, exchange: sent ? evidence.indexOf(sent) : undefined });
    }
  }
  return judgement;
}

/** Arguments with templates evaluated, held to the check's schema again: a template may yield the wrong type. */
function evaluatedArgs(name: string, schema: Parameters<typeof schemaProblem>[0], args: unknown, scope: Scope): unknown {
  const resolved = evaluate(args, scope);
  const problem = schemaProblem(schema, resolved);
  if (problem) {
    const where = problem.path === '/' ? '' : `${problem.path} `;
    throw new TemplateError(`check "${name}" after templates: ${where}${problem.message}`);
  }
  return resolved;
}

function whyNothing(name: string, result: CheckResult, uncountedRefusals: number): string {
  if (uncountedRefusals > 0) {
    return (
      `\`${name}\` judged only refusals, and a refusal counts only next to an accepted positive control (R51); ` +
      'this step has none'
    );
  }
  return `\`${name}\` judged nothing: ${result.nothingJudged ?? 'there was nothing to judge'}`;
}

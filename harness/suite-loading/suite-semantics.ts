// What a suite must hold beyond its schema, checked as it loads: one kind per step, setup steps and alternatives,
// exclusivity, controls, cases, and known checks under steps that leave the facts they need.
import { CHECKS, resolveExpectation } from '../checks/registry.js';
import { checkSequence } from '../sequence/check-sequence.js';
import type { FactName } from '../checks/step-facts.js';
import { derivedReasons } from '../engine/exclusivity.js';
import { controlPlan } from '../engine/positive-control.js';
import { caseBodies, isCasesBody } from '../engine/steps/cases-step.js';
import { stepKinds } from '../engine/steps/registry.js';
import { at, TemplateError, UserInputError } from '../errors.js';
import { schemaProblem } from '../validation/validate-value.js';
import { mergeBody } from '../suite/merge-body.js';
import { expectationName, isSetupStep } from '../suite/step-roles.js';
import { passiveBlocks, type Rule, type Suite } from '../suite/suite.js';
import { alternativesOf, type Expectation, ONE_OF_KEYS, type Step, stepKindKeys } from '../suite/step.js';
import { checkSyntax, expressionsIn } from '../suite/template.js';

/** A suite mistake at `pointer`, as one line naming the file and line. */
export function fail(suite: Suite, pointer: string, message: string): never {
  throw new UserInputError('SUITE_INVALID', at(suite.file, suite.lineOf(pointer), message));
}

export function forEachStep(suite: Suite, visit: (suite: Suite, step: Step, where: string) => void): void {
  const rules = Array.isArray(suite.rules) ? suite.rules : [];
  rules.forEach((rule, r) => {
    const steps = Array.isArray(rule?.steps) ? rule.steps : [];
    steps.forEach((step, s) => {
      if (step && typeof step === 'object') visit(suite, step, `/rules/${r}/steps/${s}`);
    });
    const operations = Array.isArray(rule?.sequence?.operations) ? rule.sequence.operations : [];
    operations.forEach((operation, o) => {
      const step = operation?.step;
      if (step && typeof step === 'object') visit(suite, step, `/rules/${r}/sequence/operations/${o}/step`);
    });
  });
}

export function checkOneKind(suite: Suite, step: Step, where: string): void {
  const alternatives = step.one_of;
  if (alternatives !== undefined) {
    const beside = Object.keys(step).filter((key) => !ONE_OF_KEYS.includes(key));
    if (beside.length > 0) fail(suite, `${where}/${beside[0]}`, `a one_of step takes only ${ONE_OF_KEYS.join(', ')}; each alternative carries its own "${beside[0]}"`);
    if (!Array.isArray(alternatives)) return;
    alternatives.forEach((alternative, i) => {
      const at = `${where}/one_of/${i}`;
      if (alternative && typeof alternative === 'object' && 'one_of' in alternative) fail(suite, at, 'an alternative of a one_of step is one step, not another one_of');
      if (alternative && typeof alternative === 'object') checkOneKind(suite, alternative, at);
    });
    return;
  }
  const keys = stepKindKeys(step);
  const known = [...stepKinds().keys()];
  if (keys.length === 1 && !stepKinds().has(keys[0]!)) {
    fail(suite, `${where}/${keys[0]}`, `unknown step kind or key "${keys[0]}"; a step is one of ${known.join(', ')}`);
  }
  if (keys.length !== 1) fail(suite, where, `a step needs exactly one of ${known.join(', ')}`);
}

/** What the schema cannot say: known checks with valid arguments, controls, parsable templates. */
export function checkSemantics(suite: Suite): void {
  suite.rules.forEach((rule, r) => {
    const base = `/rules/${r}`;
    if (!rule.id.startsWith(`${suite.suite}.`)) fail(suite, `${base}/id`, `rule id must start with "${suite.suite}."`);
    // A client-side rule has no steps (the schema says so): it is judged over recorded traffic only.
    if (rule.side === 'client') rule.steps = [];
    // A sequence rule's steps are the setup each sequence runs first; it may need none.
    if (rule.sequence) rule.steps ??= [];
    if (rule.side === 'callback' && rule.needs) {
      fail(suite, `${base}/needs`, 'a callback rule plays against no target, so it needs nothing of a profile; drop `needs:` (its steps declare what they need)');
    }
    for (const expr of expressionsIn(rule)) {
      try {
        checkSyntax(expr);
      } catch (e) {
        if (e instanceof TemplateError) fail(suite, base, e.message);
        throw e;
      }
    }
    checkMaxRuns(suite, rule, base);
    checkExclusive(suite, rule, base);
    rule.steps.forEach((step, s) => {
      const where = `${base}/steps/${s}`;
      const alternatives = alternativesOf(step);
      if (alternatives) checkAlternatives(suite, alternatives, where);
      else checkStep(suite, step, where);
    });
    if (rule.sequence) checkOperations(suite, rule, base);
    else checkSetupSteps(suite, rule, base);
    const blocks = passiveBlocks(rule);
    blocks.forEach((block, b) => {
      const where = Array.isArray(rule.passive) ? `${base}/passive/${b}` : `${base}/passive`;
      if (!block.match.path && (block.match.kind ?? 'api') === 'api') {
        fail(suite, `${where}/match`, 'a passive match on API calls needs a `path`');
      }
      if (block.walk && block.group_by) fail(suite, `${where}/walk`, 'a block judges walks or groups: drop `walk` or `group_by`');
      checkExpectations(suite, `${where}/expect`, block.expect, PASSIVE_FACTS);
    });
  });
}

function checkStep(suite: Suite, step: Step, where: string): void {
  const leaves = leftBy(stepKindKeys(step)[0]!);
  checkExpectations(suite, `${where}/expect`, step.expect ?? [], leaves);
  checkExpectations(suite, `${where}/assume`, step.assume ?? [], leaves);
  if (step.control) checkControl(suite, step, where);
  checkCases(suite, step, where);
}

/** Each alternative is a valid step, and all capture the same names: the later steps read them whichever ran. */
function checkAlternatives(suite: Suite, alternatives: Step[], where: string): void {
  const names = (step: Step) => Object.keys(step.capture ?? {}).sort().join(', ');
  alternatives.forEach((alternative, i) => {
    checkStep(suite, alternative, `${where}/one_of/${i}`);
    if (names(alternative) !== names(alternatives[0]!)) {
      fail(suite, `${where}/one_of/${i}`, `every alternative of a one_of step captures the same names (${names(alternatives[0]!) || 'none'}); this one captures ${names(alternative) || 'none'}`);
    }
  });
}

/**
 * A step declared `setup: true` judges nothing but its own success (its failure makes the rule `error`, so a check
 * beside `ok` would hide a finding), and a rule keeps at least one step that judges.
 */
function checkSetupSteps(suite: Suite, rule: Rule, base: string): void {
  const declared = (step: Step) => step.setup === true || (alternativesOf(step) ?? []).some((a) => a.setup === true);
  rule.steps.forEach((step, s) => {
    if (!declared(step)) return;
    for (const one of alternativesOf(step) ?? [step]) {
      const judging = (one.expect ?? []).filter((e) => expectationName(e) !== 'ok');
      if (judging.length > 0 || one.control) {
        fail(suite, `${base}/steps/${s}/setup`, 'a setup step judges only its own success (expect: [ok], no control): drop setup, or move its other checks to a step that judges');
      }
    }
  });
  if (rule.steps.length > 0 && rule.steps.every((_, s) => isSetupStep(rule.steps, s))) {
    fail(suite, `${base}/steps`, 'every step of the rule is setup: a rule needs a step that judges its statement');
  }
}

/**
 * A sequence rule: its setup steps are setup (they judge their own success only), each operation's step a valid
 * step of one kind (no `one_of`: an operation is one thing to do), and the sequence's own declarations hold.
 */
function checkOperations(suite: Suite, rule: Rule, base: string): void {
  if (rule.given) fail(suite, `${base}/given`, 'a sequence rule generates its values per operation (an operation\'s given:); drop the rule\'s given:');
  rule.steps.forEach((step, s) => {
    if ((step.expect ?? []).some((e) => expectationName(e) !== 'ok') || step.control) {
      fail(suite, `${base}/steps/${s}`, 'the steps of a sequence rule set up each sequence and judge only their own success (expect: [ok]); move what they judge to an operation');
    }
  });
  rule.sequence!.operations.forEach((operation, o) => {
    const where = `${base}/sequence/operations/${o}/step`;
    if (alternativesOf(operation.step)) fail(suite, `${where}/one_of`, 'an operation is one step: one_of has no place in it');
    checkStep(suite, operation.step, where);
  });
  checkSequence(rule.sequence!, `${base}/sequence`, (pointer, message) => fail(suite, pointer, message));
}

/** A ceiling on property runs needs property runs to cap, and never cuts the rule's own `runs:`. */
function checkMaxRuns(suite: Suite, rule: Rule, base: string): void {
  if (rule.max_runs === undefined) return;
  if (!rule.given && !rule.sequence) fail(suite, `${base}/max_runs`, 'max_runs caps property runs, but this rule has no given: (it runs once); drop max_runs');
  if (rule.runs !== undefined && rule.max_runs < rule.runs) {
    fail(suite, `${base}/max_runs`, `max_runs ${rule.max_runs} is below the rule's own runs ${rule.runs}; a ceiling never cuts a rule's own runs`);
  }
}

/** `exclusive:` says what the steps cannot: never where they (or `reset:`) already do, never off a target. */
function checkExclusive(suite: Suite, rule: Rule, base: string): void {
  if (rule.exclusive === undefined) return;
  if ((rule.side ?? 'service') !== 'service') {
    fail(suite, `${base}/exclusive`, `a ${rule.side} rule never runs against a target beside others; drop exclusive:`);
  }
  const derived = derivedReasons(rule);
  if (derived.length > 0) fail(suite, `${base}/exclusive`, `the rule already runs alone (${derived[0]}); drop exclusive:`);
}

/** A control belongs to a kind that declares one, and its merged body is a valid body of that kind. */
function checkControl(suite: Suite, step: Step, where: string): void {
  const [name] = stepKindKeys(step);
  const kind = stepKinds().get(name!)!;
  if (!kind.control) fail(suite, `${where}/control`, `a ${name} step takes no control`);
  const merged = mergeBody(step[name!], step.control?.with ?? {});
  const problem = schemaProblem(kind.body, merged);
  if (problem) fail(suite, `${where}/control/with`, `the control's ${name} ${problem.path === '/' ? '' : `${problem.path} `}${problem.message}`);
  checkExpectations(suite, `${where}/control/expect`, step.control?.expect ?? [], leftBy(controlPlan(step)?.kind ?? name!));
}

/** Each group and case of a `cases:` step is a valid body of the kind it is sent as, with known checks as expectations. */
function checkCases(suite: Suite, step: Step, where: string): void {
  const [name] = stepKindKeys(step);
  const body = step[name!];
  if (!isCasesBody(name!, body)) return;
  if (step.control) fail(suite, `${where}/control`, 'a cases step takes no control: each group sends its own (the group\'s `with`)');
  const kindName = body.as ?? 'request';
  const kind = stepKinds().get(kindName)!;
  const valid = (value: unknown, at: string, what: string) => {
    const problem = schemaProblem(kind.body, value);
    if (problem) fail(suite, at, `${what}: the ${kindName} ${problem.path === '/' ? '' : `${problem.path} `}${problem.message}`);
  };
  caseBodies(body).forEach((group, g) => {
    const at = `${where}/cases/groups/${g}`;
    valid(group.group, `${at}/with`, `group ${g + 1}`);
    group.cases.forEach((merged, c) => {
      const spec = body.groups[g]!.cases[c]!;
      valid(merged, `${at}/cases/${c}/with`, `case "${spec.name}"`);
      checkExpectations(suite, `${at}/cases/${c}/expect`, spec.expect ?? [], leftBy(kindName));
    });
  });
}

/** What the passive judge (`graphcheck check`) leaves every check: the recorded traffic's facts. */
const PASSIVE_FACTS: Producer = { what: 'recorded traffic', leaves: ['traffic'] };

/** What leaves facts for an expectation's check: a step kind, or the recorded traffic. */
interface Producer {
  what: string;
  leaves: readonly FactName[];
}

function leaversOf(fact: FactName): string {
  const kinds = [...stepKinds().values()].filter((kind) => kind.leaves?.includes(fact)).map((kind) => `a ${kind.name} step`);
  if (PASSIVE_FACTS.leaves.includes(fact)) kinds.push(`${PASSIVE_FACTS.what} (a passive: block)`);
  return kinds.join(' or ');
}

function leftBy(kind: string): Producer {
  return { what: `a ${kind} step`, leaves: stepKinds().get(kind)?.leaves ?? [] };
}

/** Known checks with valid arguments, each under a step (or traffic) that leaves the facts it needs. */
function checkExpectations(suite: Suite, where: string, expectations: Expectation[], producer: Producer): void {
  expectations.forEach((expectation, e) => {
    const { check, name, args } = resolveExpectation(expectation);
    if (!check) fail(suite, `${where}/${e}`, `unknown check "${name}"; checks: ${[...CHECKS.keys()].join(', ')}`);
    const missing = (check.needs ?? []).filter((fact) => !producer.leaves.includes(fact));
    if (missing.length > 0) {
      const fact = missing[0]!;
      fail(suite, `${where}/${e}`, `check "${name}" needs the fact ${fact}, which ${producer.what} does not leave; ${leaversOf(fact)} leaves it`);
    }
    const problem = schemaProblem(check.args, args);
    if (problem) {
      const path = problem.path === '/' ? '' : problem.path;
      const shown = path && !problem.message.startsWith('unknown key') ? `${path} ` : '';
      fail(suite, `${where}/${e}/${name}${path}`, `check "${name}": ${shown}${problem.message}`);
    }
  });
}

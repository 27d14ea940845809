import fc from 'fast-check';
import { isErrorResponse } from '../checks/error-envelope.js';
import { recordArbitrary } from '../generators/arbitrary-from-spec.js';
import type { Finding, RuleCause, SequenceStep } from '../model/index.js';
import type { ModelItem, OperationSpec, PickSpec, Precondition } from '../suite/sequence-spec.js';
import { evaluate, expressionsIn, type Scope } from '../suite/template.js';
import { schemaProblem } from '../validation/validate-value.js';
import { applyEffects } from './effects.js';
import { JUDGES, resolveJudge } from './judges/registry.js';
import type { Read } from './judges/model-judge.js';
import { describeModel, itemsOf, type Model } from './model.js';
import type { SequenceExecution } from './sequence-host.js';
import { storyStep } from './story.js';

/** What a sequence runs against: its execution, the scope its setup left, and what it has told so far. */
export interface Real {
  execution: SequenceExecution;
  scope: Scope;
  steps: SequenceStep[];
  judged: number;
}

/** An operation's finding: it ends the sequence, which fast-check then shrinks. */
export class SequenceFailure extends Error {
  constructor(
    readonly findings: Finding[],
    readonly detail: { expected?: string; actual?: string; model: string[] },
    /** Where an operation's own expectation failed: its cause, as a step's is told, so like failures group. */
    readonly ruleCause?: RuleCause,
  ) {
    super(findings[0]?.message ?? 'the sequence failed');
  }
}

/** A sequence that could not be judged (the target refused a valid request, answered garbage): the rule is `error`. */
export class SequenceCannotJudge extends Error {}

/** The values an operation is generated with: its `given`, and an index for each item it picks. */
interface Drawn {
  given: Record<string, unknown>;
  picks: Record<string, number>;
}

/** Each operation as an arbitrary of commands, drawn by its weight; `base` resolves templates in its generators. */
export function operationArbitrary(operations: readonly OperationSpec[], base: Scope): fc.Arbitrary<OperationCommand> {
  return fc.oneof(...operations.map((operation) => ({ arbitrary: commandArbitrary(operation, base), weight: operation.weight ?? 1 })));
}

/** One operation as commands of it: its `given` values and an index per pick, generated and shrunk by fast-check. */
export function commandArbitrary(operation: OperationSpec, base: Scope): fc.Arbitrary<OperationCommand> {
  const given = operation.given ? recordArbitrary(operation.given, base) : fc.constant({});
  const picks = fc.record(Object.fromEntries(Object.keys(operation.pick ?? {}).map((name) => [name, fc.nat()])));
  return fc.record({ given, picks }).map((drawn) => new OperationCommand(operation, drawn as Drawn));
}

/**
 * One operation of a sequence as fast-check's command: `check` is its preconditions on the model (an item to pick,
 * `pre:`), `run` resolves its picks on the model as it stands (index modulo the items that match), sends its step,
 * judges the answer with the step's checks and the operation's model judges, and applies its effects on a success.
 */
export class OperationCommand implements fc.AsyncCommand<Model, Real> {
  private told = '';

  constructor(
    readonly operation: OperationSpec,
    readonly drawn: Drawn,
  ) {}

  check(model: Readonly<Model>): boolean {
    const scope = { given: this.drawn.given };
    const picksMet = Object.values(this.operation.pick ?? {}).every((pick, i, all) => candidates(model, pick, scope).length > countBefore(all, i, pick));
    const eachMet = Object.values(this.operation.each ?? {}).every((pick) => candidates(model, pick, scope).length > 0);
    return picksMet && eachMet && (this.operation.pre ?? []).every((pre) => holds(model, pre, scope));
  }

  async run(model: Model, real: Real): Promise<void> {
    const number = real.steps.length + 1;
    const scope: Scope = { ...real.scope, given: this.drawn.given, op: { number }, captured: { ...(real.scope.captured as Scope) }, picked: {} };
    const picked = this.pick(model, scope);
    scope.picked = picked;
    if (mentionsClock(this.operation)) scope.clock = { now: await real.execution.now() };
    const reads = await this.send(model, scope, picked, real);
    const exchanges = reads.flatMap((read) => read.exchanges);
    this.told = describeArgs(this.drawn.given, picked, this.operation.each);
    real.steps.push(storyStep(number, this.operation.name, this.told, exchanges, real.execution.evidence));
    const judged = this.judge(model, scope, reads, exchanges, real);
    real.judged += judged;
    const last = reads.at(-1);
    const accepted = last !== undefined && last.exchanges.length > 0 && !isErrorResponse(last.exchanges.at(-1)!, last.bodies.at(-1));
    if (!accepted) return;
    model.accepted[this.operation.name] = (model.accepted[this.operation.name] ?? 0) + 1;
    applyEffects(model, this.operation.effect ?? [], scope, picked);
  }

  toString(): string {
    return `${this.operation.name}${this.told ? `(${this.told})` : `(${JSON.stringify(this.drawn)})`}`;
  }

  /** The items the operation names: each pick's index taken modulo the items that match now, never one twice. */
  private pick(model: Model, scope: Scope): Record<string, ModelItem> {
    const picked: Record<string, ModelItem> = {};
    for (const [name, pick] of Object.entries(this.operation.pick ?? {})) {
      const free = candidates(model, pick, scope).filter((item) => !Object.values(picked).includes(item));
      picked[name] = free[this.drawn.picks[name]! % free.length]!;
    }
    return picked;
  }

  /** The step once, or once per item of `each:`, each kept as a read with the items it named. */
  private async send(model: Model, scope: Scope, picked: Record<string, ModelItem>, real: Real): Promise<Read[]> {
    const runs: Record<string, ModelItem>[] = [];
    const [eachName, eachPick] = Object.entries(this.operation.each ?? {})[0] ?? [];
    if (eachName && eachPick) for (const item of candidates(model, eachPick, scope)) runs.push({ ...picked, [eachName]: item });
    else runs.push(picked);
    const reads: Read[] = [];
    for (const names of runs) {
      scope.picked = names;
      const ran = await real.execution.step(this.operation.step, scope);
      if ('cannotJudge' in ran) throw new SequenceCannotJudge(ran.cannotJudge);
      reads.push({ picked: names, exchanges: ran.exchanges, bodies: ran.bodies });
      real.judged += ran.judged;
      if (ran.findings.length > 0) {
        real.steps.push(storyStep(real.steps.length + 1, this.operation.name, describeArgs(this.drawn.given, names, undefined), reads.flatMap((r) => r.exchanges), real.execution.evidence));
        throw new SequenceFailure(ran.findings, { model: describeModel(model) }, ran.cause);
      }
    }
    scope.picked = picked;
    return reads;
  }

  /** The operation's model judges over what it read, against the model before its effects. */
  private judge(model: Model, scope: Scope, reads: Read[], exchanges: Read['exchanges'], real: Real): number {
    let judged = 0;
    for (const expectation of this.operation.judge ?? []) {
      const { name, args } = resolveJudge(expectation);
      const judge = JUDGES.get(name)!;
      const resolved = evaluate(args, scope);
      const problem = schemaProblem(judge.args, resolved);
      if (problem) throw new SequenceCannotJudge(`judge "${name}" after templates: ${problem.path === '/' ? '' : `${problem.path} `}${problem.message}`);
      const result = judge.run({ model, operation: this.operation.name, reads }, resolved as never);
      judged += result.judged;
      const first = result.findings[0];
      if (first) {
        const findings = result.findings.map((f) => ({ check: name, message: f.message, ...(f.exchange !== undefined && exchanges[f.exchange] ? { exchange: real.execution.evidence.indexOf(exchanges[f.exchange]!) } : {}), ...(f.expected ? { expected: f.expected } : {}), ...(f.actual ? { actual: f.actual } : {}) }));
        throw new SequenceFailure(findings, { expected: first.expected, actual: first.actual, model: describeModel(model) });
      }
    }
    return judged;
  }
}

function candidates(model: Readonly<Model>, pick: PickSpec, scope: Scope): ModelItem[] {
  return itemsOf(model as Model, pick.from, evaluate(pick.where ?? {}, scope) as Record<string, unknown>);
}

/** Picks before this one from the same collection: each takes an item the next cannot. */
function countBefore(all: PickSpec[], index: number, pick: PickSpec): number {
  return all.slice(0, index).filter((other) => other.from === pick.from).length;
}

function holds(model: Readonly<Model>, pre: Precondition, scope: Scope): boolean {
  if ('some' in pre) return candidates(model, pre.some, scope).length > 0;
  if ('none' in pre) return candidates(model, pre.none, scope).length === 0;
  return candidates(model, pre.at_least, scope).length >= pre.at_least.count;
}

/** Whether the operation reads the target's clock (`clock.now`), worked out once per operation. */
const clockReaders = new WeakMap<OperationSpec, boolean>();

function mentionsClock(operation: OperationSpec): boolean {
  let mentions = clockReaders.get(operation);
  if (mentions === undefined) clockReaders.set(operation, (mentions = expressionsIn(operation).some((e) => /\bclock\.now\b/.test(e))));
  return mentions;
}

/** `given` values and the ids of the items picked, in words: `filter stream; comment 9000012`. */
function describeArgs(given: Record<string, unknown>, picked: Record<string, ModelItem>, each: OperationSpec['each']): string {
  const values = Object.entries(given).map(([name, value]) => `${name} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const items = Object.entries(picked).map(([name, item]) => `${name} ${String(item.id ?? JSON.stringify(item))}`);
  const every = Object.entries(each ?? {}).map(([name, pick]) => `each ${name} of ${pick.from}`);
  return [...values, ...items, ...every].join('; ');
}

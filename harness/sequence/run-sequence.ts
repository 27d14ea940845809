import fc from 'fast-check';
import type { Exchange, Finding, RuleCause, SequenceStory } from '../model/index.js';
import type { SequenceSpec } from '../suite/sequence-spec.js';
import type { Rule } from '../suite/suite.js';
import type { Step } from '../suite/step.js';
import type { Scope } from '../suite/template.js';
import { initialModel, type Model } from './model.js';
import { commandArbitrary, operationArbitrary, type Real, SequenceCannotJudge, SequenceFailure } from './operation.js';
import { formatSequencePath, parseSequencePath, type SequencePath } from './sequence-path.js';
import type { SequenceExecution, SequenceHost } from './sequence-host.js';
import { storyOf } from './story.js';

/** A sequence rule's runs, as the rule runner needs them. */
export interface SequenceRun {
  /** The rule's seed (from the run's seed and its id): the same seed draws the same sequences. */
  seed: number;
  runs: number;
  /** The scope of the `n`-th sequence: the rule's names, and `unique` for that sequence's own data. */
  scopeOf(execution: number): Scope;
  /** `--sequence-path`: run exactly the sequence a failure printed, once, instead of generating. */
  replay?: string;
  /** Shrinking against a slow target stops here; the shortest failure found so far is reported. */
  timeLimitMs: number;
}

/** What the sequences came to: as a rule's steps' judgement, with the failing sequence's story and replay path. */
export interface SequenceOutcome {
  findings: Finding[];
  evidence: Exchange[];
  judged: number;
  runs: number;
  cannotJudge?: string;
  cause?: RuleCause;
  story?: SequenceStory;
  /** The `--sequence-path` that runs the shrunk sequence again. */
  path?: string;
}

type Command = fc.AsyncCommand<Model, Real>;

/** How one sequence came out, and which of its commands (by place) ran: only those can be left out when shrinking. */
type Executed =
  | { passed: true; judged: number }
  | { failed: true; findings: Finding[]; evidence: Exchange[]; story: SequenceStory; ran: number[]; cause?: RuleCause }
  | { cannotJudge: string; cause?: RuleCause; evidence: Exchange[] };

const DEFAULT_MAX_OPERATIONS = 10;

/**
 * Generates sequences of the rule's operations (fast-check's `commands`, each sequence ending with the `finally`
 * reads), runs each against the target and the model (`asyncModelRun`) after the rule's setup steps, and shrinks a
 * failing one: fast-check first, then every operation it could not drop (it keeps a sequence's last operation,
 * taking it for the failing one, which the final reads are not) left out one at a time while it still fails. The
 * last failure is the counterexample, told as a story; `replay` runs exactly that sequence once.
 */
export async function runSequences(rule: Rule, host: SequenceHost, run: SequenceRun): Promise<SequenceOutcome> {
  const spec = rule.sequence!;
  const replay = run.replay === undefined ? undefined : parseSequencePath(run.replay);
  let executions = 0;
  let judged = 0;
  let cannotJudge: Extract<Executed, { cannotJudge: string }> | undefined;
  let failure: (Extract<Executed, { failed: true }> & { commands: Command[]; finals: Command[] }) | undefined;
  const execute = (commands: Command[], finals: Command[]) => executeSequence(rule, host.execution(), run.scopeOf(++executions), commands, finals);
  const property = fc.asyncProperty(commandsOf(spec, run, replay), finalsOf(spec, run), async (sequence, finals) => {
    if (cannotJudge) return true;
    const commands = [...sequence].filter((_, i) => !replay?.left.includes(i));
    const executed = await execute(commands, finals);
    if ('cannotJudge' in executed) cannotJudge = executed;
    else if ('failed' in executed) failure = { ...executed, commands, finals };
    else judged += executed.judged;
    return !('failed' in executed);
  });
  const started = Date.now();
  const details = await fc.check(property, replay ? { seed: run.seed, path: replay.path, endOnFailure: true } : { seed: run.seed, numRuns: run.runs, interruptAfterTimeLimit: run.timeLimitMs });
  const runs = replay ? 1 : details.numRuns;
  if (details.failed && failure) {
    const path = formatSequencePath(details.counterexamplePath ?? '', String(details.counterexample?.[0] ?? ''));
    const deadline = started + run.timeLimitMs;
    const shortest = replay ? { failure, left: replay.left } : await leaveOut(failure, execute, deadline);
    const left = path && shortest.left.length ? `${path}~${shortest.left.join(',')}` : path;
    const { findings, evidence, story, cause } = shortest.failure;
    return { findings, evidence, judged: judged + 1, runs, story, ...(cause ? { cause } : {}), ...(left ? { path: left } : {}) };
  }
  if (cannotJudge) return { findings: [], evidence: cannotJudge.evidence, judged, runs, cannotJudge: cannotJudge.cannotJudge, ...(cannotJudge.cause ? { cause: cannotJudge.cause } : {}) };
  if (details.failed) return { findings: [], evidence: [], judged, runs, cannotJudge: `the sequence errored: ${String(details.errorInstance)}` };
  return { findings: [], evidence: [], judged, runs };
}

/** The generated part of each sequence: the operations drawn by weight, at most `max_operations` of them. */
function commandsOf(spec: SequenceSpec, run: SequenceRun, replay: (SequencePath & { left: number[] }) | undefined) {
  return fc.commands([operationArbitrary(spec.operations, run.scopeOf(0))], {
    maxCommands: spec.max_operations ?? DEFAULT_MAX_OPERATIONS,
    // Lengths spread over the whole range: a fault a few writes make needs room to be made.
    size: 'max',
    ...(replay ? { replayPath: replay.replayPath } : {}),
  });
}

/** The `finally` reads each sequence ends with, their values generated (and shrunk) with it. */
function finalsOf(spec: SequenceSpec, run: SequenceRun): fc.Arbitrary<Command[]> {
  const operations = (spec.finally ?? []).map((name) => spec.operations.find((operation) => operation.name === name)!);
  return fc.tuple(...operations.map((operation) => commandArbitrary(operation, run.scopeOf(0))));
}

/**
 * One sequence against a fresh execution: the rule's setup steps, then its commands through `asyncModelRun`
 * (each whose preconditions hold), then its final reads.
 */
async function executeSequence(rule: Rule, execution: SequenceExecution, base: Scope, commands: Command[], finals: Command[]): Promise<Executed> {
  const scope: Scope = { ...base, captured: {} };
  const setup = await setUp(rule.steps, execution, scope);
  if (setup) return { ...setup, evidence: execution.evidence };
  const real: Real = { execution, scope, steps: [], judged: 0 };
  const model = initialModel(rule.sequence!);
  const ran: number[] = [];
  const noting = commands.map((command, i): Command => ({
    check: (m) => command.check(m),
    run: (m, r) => {
      ran.push(i);
      return command.run(m, r);
    },
    toString: () => command.toString(),
  }));
  try {
    await fc.asyncModelRun(() => ({ model, real }), noting);
    for (const command of finals) if (await command.check(model)) await command.run(model, real);
  } catch (error) {
    if (error instanceof SequenceCannotJudge) return { cannotJudge: error.message, evidence: execution.evidence };
    if (!(error instanceof SequenceFailure)) throw error;
    const first = error.findings[0]!;
    const story = storyOf(real.steps, { finding: first.message, model: error.detail.model, ...definedOf(error.detail) });
    return { failed: true, findings: error.findings, evidence: execution.evidence, story, ran, ...(error.ruleCause ? { cause: error.ruleCause } : {}) };
  }
  return { passed: true, judged: real.judged };
}

/**
 * Leaves out, one at a time, each operation of the failing sequence that ran, keeping a shorter sequence whenever it
 * still fails, until none can go (or the time is up). `left` names the places left out, in the sequence fast-check
 * printed, so a replay leaves out the same.
 */
async function leaveOut(
  found: Extract<Executed, { failed: true }> & { commands: Command[]; finals: Command[] },
  execute: (commands: Command[], finals: Command[]) => Promise<Executed>,
  deadline: number,
): Promise<{ failure: Extract<Executed, { failed: true }>; left: number[] }> {
  const places = found.commands.map((_, i) => i);
  let kept = places;
  let failure: Extract<Executed, { failed: true }> = found;
  for (let shorter = true; shorter && Date.now() < deadline; ) {
    shorter = false;
    for (const at of [...failure.ran].reverse()) {
      const candidate = kept.filter((_, i) => i !== at);
      const executed = await execute(candidate.map((place) => found.commands[place]!), found.finals);
      if (!('failed' in executed)) continue;
      kept = candidate;
      failure = executed;
      shorter = true;
      break;
    }
  }
  return { failure, left: places.filter((place) => !kept.includes(place)) };
}

/** The rule's setup steps for one sequence; what stops them, if anything. */
async function setUp(steps: readonly Step[], execution: SequenceExecution, scope: Scope): Promise<{ cannotJudge: string; cause?: RuleCause } | undefined> {
  for (const [index, step] of steps.entries()) {
    const ran = await execution.setup(step, scope, index, steps);
    if ('cannotJudge' in ran) return { cannotJudge: ran.cannotJudge, ...(ran.cause ? { cause: ran.cause } : {}) };
  }
  return undefined;
}

function definedOf(detail: { expected?: string; actual?: string }): { expected?: string; actual?: string } {
  return { ...(detail.expected ? { expected: detail.expected } : {}), ...(detail.actual ? { actual: detail.actual } : {}) };
}

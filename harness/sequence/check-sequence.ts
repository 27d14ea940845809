import type { Effect, OperationSpec, SequenceSpec } from '../suite/sequence-spec.js';
import { expressionsIn } from '../suite/template.js';
import { schemaProblem } from '../validation/validate-value.js';
import { JUDGES, resolveJudge } from './judges/registry.js';

/** Reports a mistake at a JSON pointer into the rule (`/sequence/operations/2/judge/0`); never returns. */
export type Fail = (pointer: string, message: string) => never;

/**
 * What a sequence must hold beyond its schema, checked as its suite loads: operation names unique, every collection
 * it names declared in `model`, every `picked.<name>` and effect `item:` one the operation picks, and every judge
 * known with arguments its schema accepts (templates are held to it again when the operation runs).
 */
export function checkSequence(spec: SequenceSpec, base: string, fail: Fail): void {
  const collections = Object.keys(spec.model);
  const seen = new Set<string>();
  (spec.finally ?? []).forEach((name, f) => {
    if (!spec.operations.some((operation) => operation.name === name)) fail(`${base}/finally/${f}`, `"${name}" is no operation of the sequence; it has ${spec.operations.map((o) => o.name).join(', ')}`);
  });
  spec.operations.forEach((operation, o) => {
    const at = `${base}/operations/${o}`;
    if (seen.has(operation.name)) fail(`${at}/name`, `operation "${operation.name}" is named twice; each operation of a sequence has its own name`);
    seen.add(operation.name);
    const known = (name: string, where: string) => {
      if (!collections.includes(name)) fail(where, `"${name}" is no collection of the model; the model declares ${collections.join(', ') || 'none'}`);
    };
    for (const [name, pick] of Object.entries({ ...operation.pick, ...operation.each })) known(pick.from, `${at}/${operation.pick?.[name] ? 'pick' : 'each'}/${name}/from`);
    (operation.pre ?? []).forEach((pre, p) => {
      const pick = 'some' in pre ? pre.some : 'none' in pre ? pre.none : pre.at_least;
      known(pick.from, `${at}/pre/${p}`);
    });
    checkPicked(operation, at, fail);
    (operation.effect ?? []).forEach((effect, e) => checkEffect(effect, operation, `${at}/effect/${e}`, known, fail));
    (operation.judge ?? []).forEach((expectation, j) => {
      const { judge, name, args } = resolveJudge(expectation);
      if (!judge) fail(`${at}/judge/${j}`, `unknown model judge "${name}"; judges: ${[...JUDGES.keys()].join(', ')}`);
      const problem = schemaProblem(judge.args, args);
      if (problem) fail(`${at}/judge/${j}/${name}${problem.path === '/' ? '' : problem.path}`, `judge "${name}": ${problem.path === '/' || problem.message.startsWith('unknown key') ? '' : `${problem.path} `}${problem.message}`);
      const named = (args as { in?: unknown } | null)?.in;
      if (typeof named === 'string') known(named, `${at}/judge/${j}/${name}/in`);
    });
  });
}

/** `picked.<name>` in the operation's templates names an item it picks (or iterates with `each`). */
function checkPicked(operation: OperationSpec, at: string, fail: Fail): void {
  const names = new Set([...Object.keys(operation.pick ?? {}), ...Object.keys(operation.each ?? {})]);
  for (const expression of expressionsIn(operation)) {
    for (const match of expression.matchAll(/\bpicked\.([\w-]+)/g)) {
      if (!names.has(match[1]!)) fail(at, `{{ ${expression} }}: the operation picks no "${match[1]}"; it picks ${[...names].join(', ') || 'nothing'}`);
    }
  }
}

function checkEffect(effect: Effect, operation: OperationSpec, at: string, known: (name: string, where: string) => void, fail: Fail): void {
  const [kind, body] = Object.entries(effect)[0] as [string, { to?: string; in?: string; from?: string; item?: unknown }];
  const collection = body.to ?? body.in ?? body.from;
  if (collection !== undefined) known(collection, `${at}/${kind}`);
  if ((kind === 'update' || kind === 'remove') && typeof body.item === 'string' && !operation.pick?.[body.item]) {
    fail(`${at}/${kind}/item`, `item "${body.item}" is none the operation picks; it picks ${Object.keys(operation.pick ?? {}).join(', ') || 'nothing'}`);
  }
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type RegisteredCheck, runCheck } from '../../harness/checks/check.js';
import type { RegisteredStepKind } from '../../harness/engine/steps/step-kind.js';
import type { JsonSchema } from '../../harness/validation/json-schema.js';
import { schemaProblem } from '../../harness/validation/validate-value.js';
import { answered, CHECK_CONTEXT, checkInput, EVERY_FACT, unanswered } from './check-input.js';
import { repoPath } from './paths.js';

/*
 * The contract every registered check and step kind keeps, written once and run over each (the way fast-check runs
 * shared assertions over every arbitrary): its schema refuses an unknown key at every level, `explain` says
 * something for each way the suites use it, and a check that judged nothing says why. Each assertion throws
 * naming the check or kind and the broken clause.
 */

/** The entries of a registry, whatever its form: a Map, an object literal by name, or a list. */
export function entriesOf<T>(registry: ReadonlyMap<string, T> | Readonly<Record<string, T>> | readonly T[]): T[] {
  if (registry instanceof Map) return [...(registry as ReadonlyMap<string, T>).values()];
  return Array.isArray(registry) ? [...(registry as readonly T[])] : Object.values(registry as Record<string, T>);
}

/** How the shipped suites use each check (its arguments) and each step kind (its bodies), read from their YAML. */
export interface SuiteUses {
  checks: Map<string, unknown[]>;
  kinds: Map<string, unknown[]>;
}

export function suiteUses(kindNames: ReadonlySet<string>): SuiteUses {
  const uses: SuiteUses = { checks: new Map(), kinds: new Map() };
  const add = (map: Map<string, unknown[]>, name: string, value: unknown) => map.set(name, [...(map.get(name) ?? []), value]);
  const visit = (node: unknown, key = ''): void => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, key === 'steps' || key === 'one_of' ? 'step' : ''));
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const kinds = Object.keys(record).filter((name) => kindNames.has(name));
    if (key === 'step' && kinds.length === 1) add(uses.kinds, kinds[0]!, record[kinds[0]!]);
    for (const [name, value] of Object.entries(record)) {
      if ((name === 'expect' || name === 'assume') && Array.isArray(value)) {
        for (const expectation of value as unknown[]) {
          if (typeof expectation === 'string') add(uses.checks, expectation, undefined);
          else if (typeof expectation === 'object' && expectation !== null) {
            for (const [check, args] of Object.entries(expectation)) add(uses.checks, check, args);
          }
        }
      }
      visit(value, name);
    }
  };
  for (const file of yamlFiles(repoPath('suites'))) visit(parse(readFileSync(file, 'utf8')));
  return uses;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : entry.name.endsWith('.yaml') ? [join(dir, entry.name)] : [],
  );
}

/** Where in `schema` an object names its keys but lets others through (`additionalProperties` not false). */
export function openObjects(schema: unknown, at = '#'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => openObjects(s, `${at}/${i}`));
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const open = node.properties !== undefined && node.additionalProperties !== false && node.unevaluatedProperties !== false;
  const nested = Object.entries(node).flatMap(([key, value]) =>
    key === 'const' || key === 'enum' || key === 'default' ? [] : openObjects(value, `${at}/${key}`),
  );
  return [...(open ? [at] : []), ...nested];
}

/** The uses to hold a declaration to: the suites' own, else no arguments, else an empty object. */
function samplesFor(name: string, schema: JsonSchema, used: unknown[] | undefined): unknown[] {
  // A whole body given by a template (`request: "{{given.op.valid}}"`) is validated once it is evaluated.
  const written = (used ?? []).filter((value) => !(typeof value === 'string' && value.includes('{{')));
  if (written.length) return uniqueJson(written);
  const accepted = [undefined, {}].filter((value) => schemaProblem(schema, value) === undefined);
  if (accepted.length) return accepted;
  throw new Error(`${name}: no suite uses it and it takes neither no arguments nor {}: give the contract test a sample`);
}

function uniqueJson(values: unknown[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const value of values) seen.set(JSON.stringify(value) ?? 'undefined', value);
  return [...seen.values()];
}

function hasTemplate(value: unknown): boolean {
  return JSON.stringify(value ?? null).includes('{{');
}

const UNKNOWN_KEY = 'no_such_key_anywhere';

/** `value` with an unknown key added where it is an object (or as an object where it was nothing). */
function withUnknownKey(value: unknown): unknown {
  if (value === undefined || value === null) return { [UNKNOWN_KEY]: 1 };
  return typeof value === 'object' && !Array.isArray(value) ? { ...value, [UNKNOWN_KEY]: 1 } : undefined;
}

/** A schema's clauses: every object in it closed, a typo refused where it is used, and `explain` said for each use. */
function assertDeclaration(
  what: string,
  schema: JsonSchema,
  explain: unknown,
  samples: unknown[],
): void {
  const open = openObjects(schema);
  if (open.length) throw new Error(`${what}: its schema lets unknown keys through at ${open.join(', ')}`);
  for (const sample of samples) {
    const problem = schemaProblem(schema, sample);
    if (problem) throw new Error(`${what}: its schema refuses the suites' own ${JSON.stringify(sample)}: ${problem.message}`);
    const typo = withUnknownKey(sample);
    if (typo !== undefined && schemaProblem(schema, typo) === undefined) {
      throw new Error(`${what}: its schema accepts an unknown key (${JSON.stringify(typo)})`);
    }
    // Reports explain evaluated arguments: a use with a template in it is held to its schema only.
    if (hasTemplate(sample)) continue;
    const said: unknown = typeof explain === 'function' ? (explain as (value: unknown) => unknown)(sample) : undefined;
    if (typeof said !== 'string' || said.trim().length < 3) {
      throw new Error(`${what}: explain says nothing for ${JSON.stringify(sample)}`);
    }
  }
}

/** The inputs every check is run on: nothing, a success, a list, an error, an HTML page, no answer. */
export const CONTRACT_INPUTS = {
  'no exchange': checkInput([], EVERY_FACT),
  'a JSON success': checkInput([answered(200, { id: '1' })], EVERY_FACT),
  'an empty list': checkInput([answered(200, { data: [] })], EVERY_FACT),
  'an error answer': checkInput([answered(400, { error: { code: 100, message: 'Invalid parameter', type: 'OAuthException' } })], EVERY_FACT),
  'an HTML page': checkInput([answered(200, '<html></html>', { 'content-type': 'text/html' })], EVERY_FACT),
  'no answer': checkInput([unanswered()], EVERY_FACT),
  'no facts': checkInput([answered(200, { id: '1' })]),
};

/** Throws unless `check` keeps the contract, for each of `used` (its arguments in the suites). */
export function assertCheckContract(check: RegisteredCheck, used?: unknown[]): void {
  const what = `check ${check.name}`;
  const samples = samplesFor(what, check.args, used);
  assertDeclaration(what, check.args, check.explain, samples);
  for (const args of samples.filter((sample) => !hasTemplate(sample))) {
    for (const [name, input] of Object.entries(CONTRACT_INPUTS)) {
      const result = runCheck(check, input, args, CHECK_CONTEXT);
      if (result.judged === 0 && !result.nothingJudged?.trim()) {
        throw new Error(`${what}: judged nothing on ${name} with ${JSON.stringify(args)} and gave no reason`);
      }
    }
  }
}

/** Throws unless `kind` keeps the contract, for each of `used` (its bodies in the suites). */
export function assertStepKindContract(kind: RegisteredStepKind, used?: unknown[]): void {
  const what = `step kind ${kind.name}`;
  assertDeclaration(what, kind.body, kind.explain, samplesFor(what, kind.body, used));
}

import type { Block } from '../coverage/markdown-blocks.js';
import { SweepError } from '../errors.js';
import type { Citation } from '../model/index.js';
import { type Constraints, parseConstraints, parseType, type ValueType } from './param-type.js';
import { fieldParams, type ParamSource, tableParams } from './spec-params.js';
import type { ParamOverride, SweepOperation } from './sweep-declaration.js';
import { type Path, parsePath, REMOVED, valueAt } from './value-path.js';

/** One parameter or sub-field to sweep: where it is in the request, its type and constraints, a valid value. */
export interface SweptParam {
  /** `feed_targeting.age_min`, `components[0].type`. */
  name: string;
  /** From the request's parameters: [`feed_targeting`, `age_min`]. */
  path: Path;
  type: ValueType;
  constraints: Constraints;
  /** What its group's positive control sends: the spec's default, a value inside its bounds, or an override. */
  valid: unknown;
  /** The row or the sub-field's words it comes from. */
  cite: Citation;
  /** The spec's words for it, shown in case names' reasons (`int64 (13 or higher, default 0)`). */
  words: string;
  override?: ParamOverride;
  /** Declared whole (irregular text): its refusal's own expectation. */
  refusal?: Record<string, unknown>;
}

/** The parameters of an operation the spec's rows and lists give, less those overridden with `skip`. */
export function sweptParams(blocks: Block[], op: SweepOperation, where: string): SweptParam[] {
  const params: SweptParam[] = [];
  (op.params ?? []).forEach((list, i) => {
    const sources = 'table' in list ? tableParams(blocks, op.section, list.table) : fieldParams(blocks, op.section, list.fields);
    if (!sources) throw new SweepError(`${where}/params/${i}`, `no such table or list in the spec's section "${op.section}"; quote a row name or the words before the list exactly`);
    const container = list.of ? parsePath(list.of) : [];
    for (const source of sources) {
      for (const name of source.names) params.push(fromSource(source, name, container, op));
    }
  });
  for (const declared of op.declared ?? []) {
    const constraints = parseConstraints(declared.notes ?? '');
    const type = parseType(declared.type);
    params.push({
      name: declared.name,
      path: parsePath(declared.name),
      type,
      constraints,
      valid: undefined,
      cite: declared.cite,
      words: [declared.type, declared.notes].filter(Boolean).join(' '),
      ...(declared.refusal ? { refusal: declared.refusal } : {}),
    });
  }
  const known = new Set(params.map((p) => p.name));
  for (const name of Object.keys(op.overrides ?? {})) {
    if (!known.has(name)) throw new SweepError(`${where}/overrides/${name}`, `"${name}" is none of the operation's parameters (${[...known].join(', ')})`);
  }
  // A deprecated parameter may be ignored by a target, so neither its refusal nor its acceptance is stated; the
  // sub-fields of a part left unswept go with it.
  const overridden = params.map((p) => withOverride(p, op.overrides?.[p.name]));
  const left = overridden.filter((p) => p.override?.skip || (p.constraints.deprecated && !p.override)).map((p) => p.path);
  const under = (p: SweptParam) => left.some((q) => q.length <= p.path.length && q.every((part, i) => part === p.path[i]));
  const swept = overridden.filter((p) => !under(p)).map((p) => ({ ...p, valid: validValue(p) }));
  // A sub-field the base request leaves out takes its value from the nearest object above it that has a valid one
  // (`tags` for `tags[0].x`, `geo_locations` for its `countries`).
  return swept.map((p) => {
    if (p.valid !== undefined || p.path.length < 2) return p;
    for (let depth = p.path.length - 1; depth >= 1; depth--) {
      const above = swept.find((q) => q.path.length === depth && q.path.every((part, i) => part === p.path[i]));
      if (above?.valid === undefined || above.valid === REMOVED) continue;
      const valid = valueAt(above.valid, p.path.slice(depth));
      if (valid !== undefined) return { ...p, valid };
    }
    return p;
  });
}

function fromSource(source: ParamSource, name: string, container: Path, op: SweepOperation): SweptParam {
  const table = source.cite.text.startsWith('|');
  const type = parseType(source.typeText);
  const constraints = parseConstraints(source.notes, { ...(source.defaultText ? { default: source.defaultText } : {}), ...(source.requiredText ? { required: source.requiredText } : {}), table });
  const path = [...container, ...(source.within ?? []), name];
  // A table row's Meaning column is long: its words that bound the value are enough to show why.
  const bound = /-?\d+ to -?\d+|-?\d+ or (?:higher|lower)/.exec(source.notes)?.[0];
  const notes = table ? bound : source.notes;
  const words = [shortType(source.typeText), notes ? `(${notes})` : ''].filter(Boolean).join(' ');
  return { name: nameOf(path), path, type, constraints: valueConstraints(type, constraints), valid: valueAt(op.request, [placementOf(op), ...path]), cite: source.cite, words };
}

/** A long enum as a reason shows it: its first values and how many more. */
function shortType(text: string): string {
  const values = [...text.matchAll(/`[^`]+`/g)].map((m) => m[0]);
  if (!/^(required )?enum/.test(text) || values.length <= 4) return text;
  return `enum ${values.slice(0, 3).join(', ')} and ${values.length - 3} more`;
}

/** Bounds and listed values bind numbers only; an object's Meaning may hold its sub-fields' numbers. */
function valueConstraints(type: ValueType, c: Constraints): Constraints {
  const numeric = type.kind === 'int' || (type.kind === 'list' && type.of.kind === 'int');
  if (numeric) return c;
  const { min: _min, max: _max, listed: _listed, ...rest } = c;
  return rest;
}

function withOverride(p: SweptParam, override: ParamOverride | undefined): SweptParam {
  if (!override) return p;
  const constraints = {
    ...p.constraints,
    ...(override.min !== undefined ? { min: override.min } : {}),
    ...(override.max !== undefined ? { max: override.max } : {}),
    ...(override.min_items !== undefined ? { minItems: override.min_items } : {}),
    ...(override.max_items !== undefined ? { maxItems: override.max_items } : {}),
  };
  const stated = override.type ? parseType(override.type) : p.type;
  const type: ValueType = override.values ? listedType(stated, override.values) : stated;
  return { ...p, type, constraints, override };
}

/** Values the text lists irregularly: an enum (of the stated type, an unsigned int32 say), or a list of them. */
function listedType(type: ValueType, values: (string | number)[]): ValueType {
  if (type.kind === 'list') return { kind: 'list', of: listedType(type.of, values) };
  return { kind: 'enum', values, ...(type.kind === 'enum' ? {} : { of: type }) };
}

/** Where an operation's swept parameters are in its request body. */
export function placementOf(op: SweepOperation): string {
  if (op.as === 'subscribe') return '';
  return op.in ?? (op.request['method'] === 'POST' ? 'form' : 'query');
}

/** `feed_targeting.age_min`, `components[0].type`. */
export function nameOf(path: Path): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

const isNumber = (text: string | undefined) => text !== undefined && /^-?\d+(\.\d+)?$/.test(text);

/** The value a group's control sends: an override, the base request's, or one the spec's words make valid. */
function validValue(p: SweptParam): unknown {
  if (p.override?.leave_out) return REMOVED;
  if (p.override && 'valid' in p.override) return p.override.valid;
  if (p.valid !== undefined) return p.valid;
  return derivedValid(p.type, p.constraints);
}

function derivedValid(type: ValueType, c: Constraints): unknown {
  switch (type.kind) {
    case 'enum':
      return type.values.find((v) => String(v) === c.default) ?? type.values[0];
    case 'boolean':
      return c.default === 'true';
    case 'int':
      if (c.listed) return c.listed[0];
      if (c.min !== undefined && c.max !== undefined) return Math.round((c.min + c.max) / 2);
      if (c.min !== undefined) return c.min + 5;
      if (c.max !== undefined) return c.max - 5;
      return isNumber(c.default) ? Number(c.default) : type.unsigned ? 1 : 0;
    case 'float':
      return 1.5;
    case 'datetime':
      return '2020-01-01T00:00:00Z';
    case 'list': {
      const item = derivedValid(type.of, c);
      return item === undefined ? undefined : [item];
    }
    default:
      return undefined;
  }
}

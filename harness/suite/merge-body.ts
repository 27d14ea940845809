import { Evaluated, evaluate, type Scope } from './template.js';

/**
 * A step body with a control's `with` deep-merged over it (reading R51: the same request with the offending part
 * made valid). Objects merge key by key, `null` removes a key, anything else replaces. Where `with` reaches into
 * a part the suite wrote as one template (`form: "{{given.extra}}"`), that part is evaluated first when a scope is
 * given, and its values are kept as `Evaluated` so they are not read as templates again; without a scope (at load
 * time) `with` replaces it.
 */
export function mergeBody(body: unknown, overlay: unknown, scope?: Scope): unknown {
  if (overlay === null) return undefined;
  if (!isPlainObject(overlay)) return overlay;
  const base = objectOf(body, scope);
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const next = mergeBody(base[key], value, scope);
    if (next === undefined) delete merged[key];
    else merged[key] = next;
  }
  return merged;
}

function objectOf(value: unknown, scope: Scope | undefined): Record<string, unknown> {
  if (isPlainObject(value)) return value;
  const resolved = value instanceof Evaluated ? value.value : scope && typeof value === 'string' ? evaluate(value, scope) : undefined;
  if (!isPlainObject(resolved)) return {};
  return Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, new Evaluated(v)]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Evaluated);
}

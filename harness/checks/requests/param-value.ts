import { parseJson } from '../../validation/nesting.js';

/**
 * The value of a request parameter, by name or by a dotted path into an object parameter
 * (`feed_targeting.age_min`). Clients send object parameters as JSON text (`feed_targeting={"age_min":18}`) or
 * as bracket keys (`feed_targeting[age_min]=18`); both read the same. A name that is itself a parameter wins
 * over a path (`hub.mode` is one parameter).
 */
export function paramValue(params: Record<string, unknown>, name: string): unknown {
  if (name in params) return params[name];
  const [head, ...rest] = name.split('.');
  let value = topLevel(params, head!);
  for (const key of rest) {
    value = structured(value);
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A JSON-text value as data; anything else as it is. */
export function structured(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return parseJson(value);
  } catch {
    return value;
  }
}

/** A parameter sent whole, or rebuilt from its bracket keys (`components[0][type]=BODY`). */
function topLevel(params: Record<string, unknown>, name: string): unknown {
  if (name in params) return params[name];
  const prefix = `${name}[`;
  const keys = Object.keys(params).filter((k) => k.startsWith(prefix));
  if (keys.length === 0) return undefined;
  const root: Record<string, unknown> = {};
  for (const key of keys) {
    const path = [...key.slice(name.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = params[key];
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysOf(root);
}

/** Objects whose keys are 0..n-1 were arrays on the client. */
function arraysOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arraysOf(v)] as const);
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

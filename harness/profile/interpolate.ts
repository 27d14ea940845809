const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** A `${NAME}` the environment does not set, and where the profile uses it (a JSON pointer). */
export interface MissingVariable {
  name: string;
  path: string;
}

/**
 * Replaces `${NAME}` in every string of a profile with the environment variable, so secrets can stay out of
 * files. Variables the environment lacks are left as written and listed, each with where it is used, so the
 * profile's reader can report them with its other problems at once.
 */
export function interpolateEnv(value: unknown, env: NodeJS.ProcessEnv, missing: MissingVariable[] = [], path = ''): unknown {
  if (typeof value === 'string') {
    return value.replace(ENV_REFERENCE, (written, name: string) => {
      const found = env[name];
      if (found !== undefined) return found;
      missing.push({ name, path: path || '/' });
      return written;
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => interpolateEnv(item, env, missing, `${path}/${i}`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateEnv(v, env, missing, `${path}/${k}`)]));
  }
  return value;
}

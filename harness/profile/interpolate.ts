import { UserInputError } from '../errors.js';

const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Replaces `${NAME}` in every string of a profile with the environment variable, so secrets can stay out of
 * files. A missing variable is a user error naming the variable and where it is used.
 */
export function interpolateEnv(value: unknown, env: NodeJS.ProcessEnv, file: string, path = ''): unknown {
  if (typeof value === 'string') {
    return value.replace(ENV_REFERENCE, (_, name: string) => {
      const found = env[name];
      if (found === undefined) {
        throw new UserInputError(
          'PROFILE_INVALID',
          `${file}: ${path || '/'} uses \${${name}} but the environment variable ${name} is not set; export it or write the value`,
        );
      }
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item, i) => interpolateEnv(item, env, file, `${path}/${i}`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, interpolateEnv(v, env, file, `${path}/${k}`)]),
    );
  }
  return value;
}

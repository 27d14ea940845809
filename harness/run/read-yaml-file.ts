import { readFile } from 'node:fs/promises';
import { at, UserInputError } from '../errors.js';
import { parseValidated } from '../validation/parse-validated.js';
import type { LocatedDocument } from '../validation/yaml-locate.js';

/**
 * Reads a YAML file the user wrote (the config file, a baseline) and validates it against
 * `schemas/<schema>.schema.json`; every problem is one line naming the file, the line and the fix.
 */
export async function readYamlFile(file: string, schema: string, what: string): Promise<LocatedDocument> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the ${what} (${code ?? 'unknown'}); check the path`);
  }
  // An empty file is an empty mapping: a config that sets nothing.
  const parsed = parseValidated(text.trim() ? text : '{}', schema);
  if ('error' in parsed) {
    throw new UserInputError('CONFIG_INVALID', at(file, parsed.error.line ?? 1, `${parsed.error.message}; fix the ${what} there`));
  }
  return parsed;
}

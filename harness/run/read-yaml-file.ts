import { readFile } from 'node:fs/promises';
import { UserInputError } from '../errors.js';
import { describeSchemaError, validatorFor } from '../validation/schema-registry.js';
import { parseLocated } from '../validation/yaml-locate.js';

/**
 * Reads a YAML file the user wrote and validates it against `schemas/<schema>.schema.json`; every problem is one
 * line naming the file, the line and `fix` (an unknown key included).
 */
export async function readYamlFile(file: string, schema: string, what: string): Promise<{ value: unknown; lineOf(pointer: string): number | undefined }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the ${what} (${code ?? 'unknown'}); check the path`);
  }
  const parsed = parseLocated(text);
  if ('error' in parsed) {
    throw new UserInputError('CONFIG_INVALID', `${file}:${parsed.error.line}: not valid YAML: ${parsed.error.message}; fix the ${what} there`);
  }
  const validate = validatorFor(schema);
  if (!validate) throw new Error(`schemas/${schema}.schema.json is missing from the installation`);
  if (!validate(parsed.value ?? {})) {
    const first = describeSchemaError(validate.errors![0]!);
    const line = parsed.lineOf(first.path) ?? 1;
    throw new UserInputError('CONFIG_INVALID', `${file}:${line}: ${first.path} ${first.message}; fix the ${what} there`);
  }
  return { value: parsed.value ?? {}, lineOf: parsed.lineOf };
}

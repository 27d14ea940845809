import { describeSchemaError, validatorFor } from './schema-registry.js';
import { type LocatedDocument, parseLocated } from './yaml-locate.js';

/**
 * Parses a YAML (or JSON) text and validates it against `schemas/<schema>.schema.json`. A problem comes back as
 * the line it starts on and one sentence (`/reasons/0/kind must be one of ...`), for the caller's `file:line`.
 */
export function parseValidated(text: string, schema: string): LocatedDocument | { error: { line?: number; message: string } } {
  const parsed = parseLocated(text);
  if ('error' in parsed) return { error: { line: parsed.error.line, message: `not valid YAML: ${parsed.error.message}` } };
  const validate = validatorFor(schema)!;
  if (validate(parsed.value)) return parsed;
  const problem = describeSchemaError(validate.errors![0]!);
  return { error: { line: parsed.lineOf(problem.path), message: `${problem.path} ${problem.message}` } };
}

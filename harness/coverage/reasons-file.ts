import { readFile } from 'node:fs/promises';
import { at, UserInputError } from '../errors.js';
import type { Citation } from '../model/index.js';
import type { ReasonKind } from '../suite/suite.js';
import { parseValidated } from '../validation/parse-validated.js';

/** One entry of the reasons file (schemas/coverage-reasons.schema.json). */
export interface ReasonEntry {
  kind: ReasonKind;
  why: string;
  reading?: string;
  cites: Citation[];
}

export interface ReasonsFile {
  file: string;
  reasons: ReasonEntry[];
  lineOf(pointer: string): number | undefined;
}

/** Reads and validates a reasons file; a mistake is one line naming the file and line. */
export async function loadReasonsFile(file: string): Promise<ReasonsFile> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the reasons file; check the --reasons path`);
  });
  const parsed = parseValidated(text, 'coverage-reasons');
  if ('error' in parsed) throw new UserInputError('REASONS_INVALID', at(file, parsed.error.line, parsed.error.message));
  return { file, reasons: (parsed.value as { reasons: ReasonEntry[] }).reasons, lineOf: parsed.lineOf };
}

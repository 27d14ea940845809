import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { quotedInError, UserInputError } from '../errors.js';
import type { RunResult } from '../model/index.js';
import { validatorFor } from '../validation/schema-registry.js';
import { describeErrors } from '../validation/validate-value.js';

const FIX = "give the report folder a graphcheck run wrote (its report.json, unchanged)";

/**
 * A shard's `report.json`, read whole and validated against schemas/report.schema.json before anything uses it: a
 * file someone else wrote (a CI artifact) with a wrong type, an unknown field or a rule id no suite can hold is one
 * line naming the file, the place and the fix, never a crash halfway through writing the merged reports.
 */
export async function readShardReport(dir: string): Promise<RunResult> {
  return readReportFile(join(dir, 'report.json'), "give the --report-dir of each shard's run");
}

/**
 * A `report.json` a graphcheck run wrote, validated as `readShardReport` does; `whenMissing` and `whenInvalid` are
 * the fixes a line gives for a file that cannot be read or is not a report (`coverage --report` names its flag).
 */
export async function readReportFile(file: string, whenMissing: string, whenInvalid = FIX): Promise<RunResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read it (${code}); ${whenMissing}`);
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    throw new UserInputError('USAGE', `${file}: not JSON; ${whenInvalid}`);
  }
  const validate = validatorFor('report')!;
  if (!validate(report)) {
    const { path, message } = describeErrors(validate.errors ?? []);
    throw new UserInputError('USAGE', `${file}: ${path} ${quotedInError(message)}: not a graphcheck report.json; ${whenInvalid}`);
  }
  return report as RunResult;
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stepKinds } from '../engine/steps/registry.js';
import { at, UserInputError } from '../errors.js';
import { describeErrors } from '../validation/validate-value.js';
import { parseLocated } from '../validation/yaml-locate.js';
import { checkOneKind, checkSemantics, fail, forEachStep } from './suite-semantics.js';
import type { Suite } from '../suite/suite.js';
import { suiteValidator } from '../suite/suite-schema.js';

/** Loads every `*.yaml` suite in a folder, sorted by name; rule ids must be unique across them. */
export async function loadSuites(dir: string): Promise<Suite[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => /\.ya?ml$/.test(f)).sort();
  } catch {
    throw new UserInputError('FILE_NOT_FOUND', `${dir}: cannot read the suites folder`);
  }
  const suites = await Promise.all(files.map((f) => loadSuiteFile(join(dir, f))));
  const seen = new Map<string, string>();
  for (const suite of suites) {
    suite.rules.forEach((rule, i) => {
      const other = seen.get(rule.id);
      if (other) fail(suite, `/rules/${i}/id`, `rule id ${rule.id} is already used in ${other}; ids must be unique`);
      seen.set(rule.id, suite.file);
    });
  }
  return suites;
}

export async function loadSuiteFile(file: string): Promise<Suite> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the suite file`);
  });
  const parsed = parseLocated(text);
  if ('error' in parsed) {
    throw new UserInputError('SUITE_INVALID', at(file, parsed.error.line, `not valid YAML: ${parsed.error.message}`));
  }
  const suite = { ...(parsed.value as Omit<Suite, 'file' | 'lineOf'>), file, lineOf: parsed.lineOf };
  // Which kind a step is comes first: with two kinds or none, the schema's complaint would miss the point.
  forEachStep(suite, checkOneKind);
  const validate = suiteValidator(new Map([...stepKinds()].map(([name, kind]) => [name, kind.body])));
  if (!validate(parsed.value)) {
    const problem = describeErrors(validate.errors ?? []);
    throw new UserInputError('SUITE_INVALID', at(file, parsed.lineOf(problem.path), `${problem.path} ${problem.message}`));
  }
  checkSemantics(suite);
  return suite;
}

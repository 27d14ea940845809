import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveExpectation } from '../checks/registry.js';
import { at, UserInputError } from '../errors.js';
import { describeSchemaError, validatorFor } from '../validation/schema-registry.js';
import { parseLocated } from '../validation/yaml-locate.js';
import { type Expectation, passiveBlocks, STEP_KINDS, type Suite } from './suite.js';
import { checkSyntax, expressionsIn, TemplateError } from './template.js';

const TOKEN_WORDS = ['none', 'app', 'unissued', 'page', 'page_no_manage_posts', 'page_no_moderate', 'user', 'msgapp'];

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
  const validate = validatorFor('suite')!;
  if (!validate(parsed.value)) {
    const problem = describeSchemaError(validate.errors![0]!);
    throw new UserInputError('SUITE_INVALID', at(file, parsed.lineOf(problem.path), `${problem.path} ${problem.message}`));
  }
  const suite = { ...(parsed.value as Omit<Suite, 'file' | 'lineOf'>), file, lineOf: parsed.lineOf };
  checkSemantics(suite);
  return suite;
}

function fail(suite: Suite, pointer: string, message: string): never {
  throw new UserInputError('SUITE_INVALID', at(suite.file, suite.lineOf(pointer), message));
}

/** What the schema cannot say: one kind per step, known checks with valid arguments, parsable templates. */
function checkSemantics(suite: Suite): void {
  suite.rules.forEach((rule, r) => {
    const base = `/rules/${r}`;
    if (!rule.id.startsWith(`${suite.suite}.`)) fail(suite, `${base}/id`, `rule id must start with "${suite.suite}."`);
    // A client-side rule has no steps (the schema says so): it is judged over recorded traffic only.
    if (rule.side === 'client') rule.steps = [];
    for (const expr of expressionsIn(rule)) {
      try {
        checkSyntax(expr);
      } catch (e) {
        if (e instanceof TemplateError) fail(suite, base, e.message);
        throw e;
      }
    }
    rule.steps.forEach((step, s) => {
      const where = `${base}/steps/${s}`;
      const kinds = STEP_KINDS.filter((k) => k in step);
      if (kinds.length !== 1) fail(suite, where, `a step needs exactly one of ${STEP_KINDS.join(', ')}`);
      const request = (step as { request?: { token?: string } }).request;
      const token = request?.token;
      if (token && !token.includes('{{') && !TOKEN_WORDS.includes(token)) {
        fail(suite, `${where}/request/token`, `unknown token "${token}"; use ${TOKEN_WORDS.join(', ')}`);
      }
      checkExpectations(suite, `${where}/expect`, step.expect ?? []);
      checkExpectations(suite, `${where}/assume`, step.assume ?? []);
    });
    const blocks = passiveBlocks(rule);
    blocks.forEach((block, b) => {
      const where = Array.isArray(rule.passive) ? `${base}/passive/${b}` : `${base}/passive`;
      if (!block.match.path && (block.match.kind ?? 'api') === 'api') {
        fail(suite, `${where}/match`, 'a passive match on API calls needs a `path`');
      }
      checkExpectations(suite, `${where}/expect`, block.expect);
    });
  });
}

function checkExpectations(suite: Suite, where: string, expectations: Expectation[]): void {
  expectations.forEach((expectation, e) => {
    const { check, name, args } = resolveExpectation(expectation);
    if (!check) fail(suite, `${where}/${e}`, `unknown check "${name}"`);
    const problem = expressionsIn(args).length === 0 ? check.argsProblem?.(args) : undefined;
    if (problem) fail(suite, `${where}/${e}`, problem);
  });
}

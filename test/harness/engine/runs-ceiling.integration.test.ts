import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserInputError } from '../../../harness/errors.js';
import { loadSuiteFile } from '../../../harness/suite-loading/load-suite.js';
import type { RuleResult, RunResult } from '../../../harness/model/index.js';
import { consoleReporter } from '../../../harness/reports/console-reporter.js';
import { describeFailure } from '../../../harness/reports/describe-failure.js';
import { renderMarkdown } from '../../../harness/reports/markdown-reporter.js';
import { runAgainstReference } from '../../helpers/run-reference.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const REASON = 'three limits, each judged alike every time';

// Two cheap rules over the same inputs: one declares a ceiling of 4 runs, the other none. Their range is wider than
// a choice (at most 6 values, every one tried on every seed), so their own `runs:` stands.
const rule = (id: string, title: string, ceiling = '') => `  - id: ${id}
    title: ${title}
    strength: MUST
    cites: [{ section: Endpoints › Page feed, text: "a sentence" }]
    given:
      limit: { integer: { min: 1, max: 50 } }
    runs: 2
${ceiling}    steps:
      - request: { method: GET, path: "/{{fixtures.page_id}}/feed", query: { limit: "{{given.limit}}" } }
        expect: [ok]
`;
const SUITE = `suite: ceiling
title: Ceiling
rules:
${rule('ceiling.capped', 'Capped', `    max_runs: 4\n    max_runs_reason: ${REASON}\n`)}${rule('ceiling.open', 'Open')}`;

let dir: string;
beforeAll(async () => {
  dir = tempFolder('gc-ceiling-');
  await writeFile(join(dir, 'ceiling.yaml'), SUITE);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const byRule = (result: RunResult) => Object.fromEntries(result.results.map((r) => [r.rule, r])) as Record<string, RuleResult>;

describe('max_runs: a ceiling the --runs floor respects', () => {
  it('keeps the rule its own runs without a floor, raises both to the floor, and caps the one with a ceiling', async () => {
    const plain = byRule(await runAgainstReference({ suitesDir: dir, seed: 5, runs: 20 }));
    expect([plain['ceiling.capped']!.runs, plain['ceiling.open']!.runs]).toEqual([2, 2]);
    expect(plain['ceiling.capped']!.runsCapped).toBeUndefined();

    const result = await runAgainstReference({ suitesDir: dir, seed: 5, runs: 9, runsFloor: 9 });
    const { 'ceiling.capped': capped, 'ceiling.open': open } = byRule(result);
    expect([capped!.verdict, open!.verdict]).toEqual(['passed', 'passed']);
    expect(open!.runs).toBe(9);
    expect(open!.runsCapped).toBeUndefined();
    expect(capped!.runs).toBe(4);
    expect(capped!.runsCapped).toEqual({ at: 4, asked: 9, reason: REASON });
    // Each run judged its one expectation: the cap cut the runs made, not only the number reported.
    expect([capped!.judged, open!.judged]).toEqual([4, 9]);

    // Where the runs show: the failure account (console, JUnit, Markdown), the Markdown summary, the console.
    const words = `property runs: 4 of 9 asked, capped at 4: ${REASON}`;
    expect(describeFailure(capped!)).toContain(words);
    expect(describeFailure(open!)).toContain('property runs: 9 (');
    expect(renderMarkdown(result)).toContain(`## Property runs capped (1)\n\nRules whose \`max_runs:\` ceiling cut the runs asked for:\n\n- \`ceiling.capped\`: ${words}`);
    let printed = '';
    const console = consoleReporter((text) => (printed += text), { verbose: true });
    for (const r of result.results) console.onRuleEnd?.(r);
    await console.onRunEnd?.(result);
    expect(printed).toContain(`ceiling.capped: ${words}\n`);
    expect(printed).toContain('1 rule(s) ran fewer property runs than asked: their max_runs');
  });
});

describe('max_runs at load', () => {
  async function problem(text: string): Promise<string> {
    const file = join(dir, 'bad.yaml');
    await writeFile(file, text);
    const error = await loadSuiteFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as UserInputError).code).toBe('SUITE_INVALID');
    return (error as Error).message;
  }

  it('refuses a typo, a ceiling without its reason, one below the rule\'s runs and one on a rule that runs once', async () => {
    expect(await problem(SUITE.replace('max_runs: 4', 'max_run: 4'))).toMatch(/bad\.yaml:11: \/rules\/0\/max_run unknown key "max_run"; allowed: .*max_runs, max_runs_reason/);
    expect(await problem(SUITE.replace(`max_runs_reason: ${REASON}`, ''))).toMatch(/bad\.yaml:4: .*must have property max_runs_reason when property max_runs is present/);
    expect(await problem(SUITE.replace('max_runs: 4', 'max_runs: 1'))).toMatch(/bad\.yaml:11: max_runs 1 is below the rule's own runs 2/);
    const once = SUITE.replace(/ {4}given:\n {6}limit: .*\n {4}runs: 2\n(?= {4}max_runs)/, '');
    expect(await problem(once)).toMatch(/bad\.yaml:8: max_runs caps property runs, but this rule has no given:/);
  });
});

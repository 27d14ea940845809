import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUITES_DIR } from '../../bin/commands/run.js';
import { UserInputError } from '../../harness/errors.js';
import { loadSuiteFile, loadSuites } from '../../harness/suite/load-suite.js';

const RULE = `suite: demo
title: Demo
rules:
  - id: demo.one
    title: One
    strength: MUST
    cites: [{ section: S, text: "a sentence" }]
    steps:
      - request: { method: GET, path: "/{{fixtures.page_id}}/feed" }
        expect: [ok]
`;

async function problem(text: string): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'gc-suite-')), 'demo.yaml');
  await writeFile(file, text);
  const error = await loadSuiteFile(file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UserInputError);
  expect((error as UserInputError).code).toBe('SUITE_INVALID');
  return (error as UserInputError).message;
}

describe('loading suites', () => {
  it('loads every shipped suite', async () => {
    const suites = await loadSuites(SUITES_DIR);
    expect(suites.map((s) => s.suite)).toContain('feed');
  });

  it('names file and line of an unknown check', async () => {
    expect(await problem(RULE.replace('expect: [ok]', 'expect: [okay]'))).toMatch(/demo\.yaml:10: unknown check "okay"/);
  });

  it('names file and line of a schema mistake', async () => {
    expect(await problem(RULE.replace('strength: MUST', 'strength: MAYBE'))).toMatch(
      /demo\.yaml:6: \/rules\/0\/strength must be one of "MUST", "SHOULD"/,
    );
  });

  it('refuses an unknown schema name at load time', async () => {
    expect(await problem(RULE.replace('expect: [ok]', 'expect: [{ schema: nope }]'))).toMatch(/no schema schemas\/nope/);
  });

  it('refuses a broken template at load time', async () => {
    expect(await problem(RULE.replace('{{fixtures.page_id}}', '{{fixtures.page_id +}}'))).toMatch(/incomplete expression/);
  });

  it('refuses a step with two kinds', async () => {
    const text = RULE.replace('expect: [ok]', 'clock: { advance: 1 }\n        expect: [ok]');
    expect(await problem(text)).toMatch(/exactly one of request, walk/);
  });

  it('refuses an unknown token name', async () => {
    expect(await problem(RULE.replace('path: "/', 'token: pgae, path: "/'))).toMatch(/unknown token "pgae"/);
  });

  it('refuses a rule id outside the suite', async () => {
    expect(await problem(RULE.replace('id: demo.one', 'id: other.one'))).toMatch(/must start with "demo\."/);
  });
});

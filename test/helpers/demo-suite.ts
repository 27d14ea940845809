import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { UserInputError } from '../../harness/errors.js';
import { loadSuiteFile } from '../../harness/suite-loading/load-suite.js';
import { tempFolder } from './temp-dir.js';

/** A suite `demo` of one rule `demo.one`, whose steps (and keys before them) are given as YAML lines. */
export function demoSuite(steps: string, extra = ''): string {
  return `suite: demo
title: Demo
rules:
  - id: demo.one
    title: One
    strength: MUST
    cites: [{ section: S, text: "a sentence" }]
${extra}    steps:
${steps}`;
}

/** `demo.one` reading the fixture Page's feed and expecting ok: the suite the loader's tests vary. */
export const DEMO_SUITE = demoSuite(`      - request: { method: GET, path: "/{{fixtures.page_id}}/feed" }
        expect: [ok]
`);

/** Loads `text` as the suite file demo.yaml (messages name that file). */
export async function loadSuiteText(text: string): ReturnType<typeof loadSuiteFile> {
  const dir = tempFolder('graphcheck-suite-');
  try {
    const file = join(dir, 'demo.yaml');
    await writeFile(file, text);
    return await loadSuiteFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The error loading `text` as demo.yaml throws, asserted to be a SUITE_INVALID user error. */
export async function suiteError(text: string): Promise<UserInputError> {
  const error = await loadSuiteText(text).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UserInputError);
  expect((error as UserInputError).code).toBe('SUITE_INVALID');
  return error as UserInputError;
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RunResult } from '../../../harness/model/index.js';
import { leaks, unsafeHtml, unsafeIn } from './planted.js';

/** What a command printed, as `stdout`, and every file it wrote into `dir`, by name. */
export async function outputsOf(dir: string, printed: string[]): Promise<Record<string, string>> {
  const files: Record<string, string> = { stdout: printed.join('') };
  for (const f of await readdir(dir)) files[f] = await readFile(join(dir, f), 'utf8');
  return files;
}

/**
 * A command's outputs (`outputsOf`) show none of `secrets` in any form, and nothing a terminal, a CI runner or a
 * reader would obey: on the console only the verdict and rule lines graphcheck printed itself, no markup in the
 * Markdown, no script but its own in the HTML.
 */
export function expectSafeOutputs(files: Record<string, string>, secrets: string[]): void {
  expect(leaks(files, secrets)).toEqual([]);
  const report = JSON.parse(files['report.json']!) as RunResult;
  const verdict = files.stdout!.split('\n').find((l) => /^(FAILED|PASSED|COULD NOT JUDGE)/.test(l));
  expect(unsafeIn(files.stdout!, { verdict, rules: new Set(report.results.map((r) => r.rule)) })).toEqual([]);
  expect(unsafeIn(files['summary.md']!, { markup: true })).toEqual([]);
  expect(unsafeIn(files['junit.xml']!)).toEqual([]);
  expect(unsafeIn(files['report.json']!)).toEqual([]);
  expect(unsafeHtml(files['report.html']!)).toEqual([]);
}

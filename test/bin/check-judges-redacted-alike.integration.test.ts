import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCommand } from '../../bin/commands/check.js';
import { SUITES_DIR } from '../../bin/commands/run.js';
import type { RunResult } from '../../harness/model/index.js';
import { tempFolder } from '../helpers/temp-dir.js';

const SHIPPED = fileURLToPath(new URL('../../cassettes/reference-full-run.yaml.gz', import.meta.url));

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function verdicts(showSecrets: boolean): Promise<Record<string, string>> {
  const reportDir = tempFolder('graphcheck-check-alike-');
  dirs.push(reportDir);
  await checkCommand({ cassette: SHIPPED, reportDir, suitesDir: SUITES_DIR, showSecrets }, () => {});
  const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as RunResult;
  return Object.fromEntries(report.results.map((r) => [r.rule, r.verdict]));
}

describe('check redacts the traffic before judging it', () => {
  it('and judges the shipped cassette exactly as it does with --show-secrets: the verify tokens a run sends on purpose (`?`, `+%9`) hide nothing', async () => {
    const [redacted, shown] = [await verdicts(false), await verdicts(true)];
    expect(redacted).toEqual(shown);
    expect(Object.values(redacted).filter((v) => v === 'passed').length).toBeGreaterThan(50);
  }, 120_000);
});

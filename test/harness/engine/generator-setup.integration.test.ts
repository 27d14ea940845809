import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from '../../helpers/cli.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const SUITE = `suite: empty
title: A generator over a list the profile does not give
rules:
  - id: empty.enum-over-nothing
    title: Values drawn from a profile list that is not there
    strength: MUST
    cites:
      - section: Versioning
        text: "The latest version is v25.0. Paths take the prefix \`/v<major.minor>\`."
    given:
      version: { enum: "{{versions.none_listed}}" }
    steps:
      - request: { method: GET, path: "/{{fixtures.page_id}}/feed", version: "{{given.version}}", query: { limit: 1 } }
        expect: [ok]
`;

describe('a rule whose values cannot be generated', () => {
  it('is an error verdict with the reason, not a crash', async () => {
    const dir = tempFolder('graphcheck-generator-');
    await writeFile(join(dir, 'empty.yaml'), SUITE);
    const out = await runCli(['run', '--suites-dir', dir, '--report-dir', join(dir, 'r')]);
    expect(hasStackTrace(out.stdout + out.stderr)).toBe(false);
    expect(out.code).toBe(3);
    const report = JSON.parse(await readFile(join(dir, 'r', 'report.json'), 'utf8')) as {
      results: { verdict: string; reason: string }[];
    };
    expect(report.results).toEqual([expect.objectContaining({ verdict: 'error', reason: expect.stringMatching(/^setup: cannot generate/) })]);
  });
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

// Refused before a run reaches any target; runs against the reference are run.integration.test.ts.
describe('user mistakes get one line and exit 2', () => {
  it.each([
    [['run', '--runs', 'many'], /--runs many: expected a whole number/],
    [['run', '--fault', 'no-such-fault'], /--fault no-such-fault: unknown fault/],
    [['run', '--version-prefix', '25'], /--version-prefix 25: use latest, none or a version/],
    [['run', '--profile', '/nonexistent/profile.yaml'], /cannot read the profile file/],
    [['run', '--bogus'], /unknown option '--bogus'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
  ])('%j', async (args, message) => {
    const out = await runCli(args);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(hasStackTrace(out.stderr)).toBe(false);
  });

  it('names file and line of a broken suite', async () => {
    const dir = tempFolder('graphcheck-cli-');
    await writeFile(join(dir, 'broken.yaml'), 'suite: broken\ntitle: B\nrules:\n  - id: broken.x\n    title: X\n    strength: MUST\n    cites: [{ section: S, text: abc }]\n    steps: [{ request: { method: GET, path: / }, expect: [okk] }]\n');
    const out = await runCli(['run', '--suites-dir', dir]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/broken\.yaml:8: unknown check "okk"/);
  });
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertBaselineWritable, loadBaseline } from '../../harness/run/baseline.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';
import { failure } from '../helpers/user-error.js';

const RULES = ['--rule', 'feed.get-limit-*', '--seed', '5', '--runs', '3'];

// A baseline refused as it is read, before any rule runs; runs it keeps green are run-baseline.integration.test.ts.
describe('an expected-failure baseline', () => {
  const dir = tempFolder('graphcheck-baseline-');
  const baseline = join(dir, 'baseline.yaml');

  it('an unknown key, a wrong verdict or an entry that names no rule: exit 2 with file and line', async () => {
    const cases: [string, RegExp][] = [
      ['known:\n  - rule: feed.get-list-shape\n    verdict: failed\n    reason: x\n    because: y\n', /baseline\.yaml:5: \/known\/0\/because unknown key "because"; allowed: rule, [^;]+; fix the baseline there$/],
      ['known:\n  - rule: feed.get-list-shape\n    verdict: broken\n    reason: x\n', /baseline\.yaml:3: \/known\/0\/verdict must be one of "failed", "skipped", "error"/],
      ['known:\n  - rule: feed.get-list-shape\n    verdict: failed\n    reason: x\n  - rule: feed.no-such-rule\n    verdict: failed\n    reason: typo\n', /baseline\.yaml:5: feed\.no-such-rule matches no rule; fix or drop the entry/],
    ];
    // One through the CLI (exit 2, one line, before any rule runs), the others through the loader.
    await writeFile(baseline, cases[0]![0]);
    const out = await runCli(['run', ...RULES, '--baseline', baseline, '--report-dir', join(dir, 'bad')]);
    expect(out.code).toBe(2);
    expect(out.stderr.trim()).toMatch(cases[0]![1]);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(hasStackTrace(out.stderr)).toBe(false);
    const ids = ['feed.get-list-shape', 'feed.get-limit-caps-page'];
    for (const [text, message] of cases.slice(1)) {
      await writeFile(baseline, text);
      const error = await failure(() => loadBaseline(baseline, ids));
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.message).toMatch(message);
    }
    // --update-baseline says before the run when it could not write the file.
    expect((await failure(() => assertBaselineWritable(dir))).message).toMatch(/is a folder: give --baseline a file path you can write$/);
    expect((await failure(() => assertBaselineWritable(join(dir, 'no', 'b.yaml')))).message).toMatch(/no is not a folder: give --baseline/);
  });
});

import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../bin/commands/run.js';
import { referenceBehind } from '../../helpers/reference-behind.js';
import { startVaryingFront } from '../../helpers/varying-front.js';
import { tempFolder } from '../../helpers/temp-dir.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

/**
 * The reference behind a front, as a staging setup puts it (`serve-reference --public-url`): the run reaches it only
 * through the front its profile names, and follows every link it hands out there (`paging.next`, pictures). The
 * front also varies the answers where the spec leaves them open (test/helpers/varying-front.ts: other error statuses,
 * another JSON Content-Type, key order, extra members, paging links without the token), so a correct target that
 * answers otherwise than the reference stays correct. It adds no delay (bench/remote-run.ts measures a real round
 * trip through bench/delay-proxy.ts, which serve-reference.cli.test.ts drives).
 *
 * It is also the test suite's run of the correct reference with its fixtures full, every rule at the default runs:
 * each must pass, none skipped (the fault matrix's other half, test/suites/faults/; the fixtures emptied are
 * test/scripts/every-seed). One run proves the three, where three files ran one each.
 */
describe('the reference behind a front that varies its answers where the spec leaves them open, named as its public URL', () => {
  it('passes every rule, run from a profile file as a user would; its report.json stays under 1 MB', async () => {
    let varied = { successes: 0, errors: 0 };
    const behind = await referenceBehind(async (upstream) => {
      const front = await startVaryingFront(upstream);
      varied = front.varied;
      return front;
    });
    const dir = tempFolder('graphcheck-behind-proxy-');
    try {
      const profile = join(dir, 'profile.json');
      await writeFile(profile, JSON.stringify(behind.reference.profile));
      const exitCode = await runCommand({ profile, reportDir: dir, seed: '13', format: ['json'] }, () => {});
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { rule: string; verdict: string; reason?: string }[] };
      const notPassed = report.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
      expect(notPassed).toEqual([]);
      const every = (await everyShippedSuite()).flatMap((s) => s.rules).filter((r) => (r.side ?? 'service') === 'service');
      expect(report.results.length).toBe(every.length);
      expect(exitCode).toBe(0);
      // The answers were varied, successes and errors both: a run through a front that changed nothing proves less.
      expect(varied.successes).toBeGreaterThan(500);
      expect(varied.errors).toBeGreaterThan(100);
      expect((await stat(join(dir, 'report.json'))).size).toBeLessThan(1_000_000);
    } finally {
      await behind.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 900_000);
});

import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDelayProxy } from '../../../bench/delay-proxy.js';
import { runCommand, SUITES_DIR } from '../../../bin/commands/run.js';
import { loadSuites } from '../../../harness/suite-loading/load-suite.js';
import { referenceBehind } from '../../helpers/reference-behind.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/**
 * The reference behind a proxy, as a staging setup puts it (`serve-reference --public-url`): the run reaches it
 * only through the proxy its profile names, and follows every link it hands out there (`paging.next`, pictures).
 * The proxy adds no delay (bench/remote-run.ts measures a real round trip). It is also the test suite's run of the
 * correct reference with its fixtures full, every rule at the default runs: each must pass, none skipped (the
 * fault matrix's other half, test/suites/faults/; the fixtures emptied are test/scripts/every-seed).
 */
describe('the reference behind a proxy, started with the proxy as its public URL', () => {
  it('passes every rule, run from a profile file as a user would', async () => {
    const behind = await referenceBehind((upstream) => startDelayProxy(upstream, 0));
    const dir = tempFolder('graphcheck-behind-proxy-');
    try {
      const profile = join(dir, 'profile.json');
      await writeFile(profile, JSON.stringify(behind.reference.profile));
      const exitCode = await runCommand({ profile, reportDir: dir, seed: '13', format: ['json'] }, () => {});
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: { rule: string; verdict: string; reason?: string }[] };
      const notPassed = report.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
      expect(notPassed).toEqual([]);
      const every = (await loadSuites(SUITES_DIR)).flatMap((s) => s.rules).filter((r) => (r.side ?? 'service') === 'service');
      expect(report.results.length).toBe(every.length);
      expect(exitCode).toBe(0);
      expect(behind.front.connections()).toBeGreaterThan(0);
    } finally {
      await behind.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 900_000);
});

import { describe, expect, it } from 'vitest';
import { openRun } from '../../../harness/target/open-run.js';
import { runSuites } from '../../../harness/engine/run-suites.js';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import { referenceBehind } from '../../helpers/reference-behind.js';
import { startFront } from '../../helpers/varying-front.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

const WINDOW = ['feed.schedule-inside-window-accepted', 'feed.schedule-too-soon-refused', 'feed.schedule-too-late-refused'];

/** The reference without its control protocol: a profile with no control_url, in front of it one that drops Date headers or not. */
async function runHidden(rules: string[], dropDate: boolean) {
  const { reference, close } = await referenceBehind((upstream) =>
    startFront(upstream, (answer) => {
      if (!dropDate) return answer;
      const { date: _date, ...headers } = answer.headers;
      return { ...answer, headers };
    }),
  );
  try {
    const { control_url: _control, capabilities: _capabilities, ...rest } = reference.profile;
    const profile = validateProfile(rest, 'hidden control');
    const run = await openRun({ profile, timeoutMs: 10_000, seed: 3, runs: 5, versionPrefix: 'latest' });
    try {
      return await runSuites(await everyShippedSuite(), { rules }, run.ctx);
    } finally {
      await run.close();
    }
  } finally {
    await close();
  }
}

describe('the target clock without the control protocol', () => {
  it('reads the time from the Date header: the scheduling-window rules run and pass', async () => {
    const result = await runHidden(WINDOW, false);
    expect(result.results.map((r) => `${r.rule}: ${r.verdict} ${r.reason ?? ''}`.trim())).toEqual(WINDOW.map((r) => `${r}: passed`));
    // A rule that moves the clock still needs the control protocol.
    const moving = await runHidden(['feed.schedule-goes-live'], false);
    expect(moving.results[0]!.verdict).toBe('skipped');
    expect(moving.results[0]!.reason).toMatch(/control/);
  });

  it('skips them, saying why, when the answers carry no Date header either', async () => {
    const result = await runHidden(WINDOW, true);
    for (const rule of result.results) {
      expect(rule.verdict).toBe('skipped');
      expect(rule.reason).toMatch(/target's time.*no Date header/);
    }
  });
});

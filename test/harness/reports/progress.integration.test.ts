import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { tempFolder } from '../../helpers/temp-dir.js';

// On a terminal: test/bin/progress-on-a-tty.cli.test.ts; the heartbeat itself: live-progress.test.ts.
describe('progress', () => {
  it('off a TTY (a CI log): no control characters', async () => {
    const dir = tempFolder('graphcheck-notty-');
    const out = await runCli(['run', '--rule', 'feed.get-limit-caps-page', '--seed', '1', '--report-dir', dir]);
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(/\x1b|\r/);
  });
});

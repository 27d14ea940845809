import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliOutcome, expectUsageLine, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

// Refused while the flags are read, before anything listens or connects (listen-errors.integration.test.ts: what
// happens when a server command cannot listen).

/** A command that keeps running after a fatal error (the bug these tests guard against) fails after 20 s. */
function runCliWithin(args: string[]): Promise<CliOutcome> {
  return runCli(args, {}, 20_000);
}

describe('--target must be an http(s) base URL', () => {
  it.each(['doctor', 'run'])('%s --target ftp://...: one line naming --target, exit 2', async (command) => {
    const out = await runCliWithin([command, '--target', 'ftp://127.0.0.1:21']);
    expectUsageLine(out, /--target ftp:\/\/127\.0\.0\.1:21: /);
  });

  it('record --target ftp://...: refused while parsing flags, before any notice', async () => {
    const dir = tempFolder('graphcheck-target-');
    const out = await runCliWithin(['record', '--no-redact', '--target', 'ftp://127.0.0.1:21', '--cassette', join(dir, 'c.yaml')]);
    expectUsageLine(out, /--target ftp:\/\/127\.0\.0\.1:21: /);
    expect(out.stdout).toBe('');
  });
});

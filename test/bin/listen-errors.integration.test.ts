import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliOutcome, expectUsageLine, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

const CASSETTE = fileURLToPath(new URL('../../cassettes/reference-full-run.yaml.gz', import.meta.url));
/** TEST-NET-1 (RFC 5737): never an address of this machine. */
const FOREIGN_ADDRESS = '192.0.2.1';
/** `.invalid` never resolves (RFC 6761). */
const NO_SUCH_HOST = 'not_a_host.invalid';

/** A command that keeps running after a fatal error (the bug these tests guard against) is killed after 20 s. */
function runCliWithin(args: string[]): Promise<CliOutcome> {
  return runCli(args, {}, 20_000);
}

describe('a server command that cannot listen says which flag to change', () => {
  let dir: string;
  let taken: Server;
  let takenPort: number;
  beforeAll(async () => {
    dir = tempFolder('graphcheck-listen-');
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('serve-reference --port in use: one line naming --port, exit 2', async () => {
    const out = await runCliWithin(['serve-reference', '--port', String(takenPort), '--profile-out', join(dir, 'p.json')]);
    expectUsageLine(out, new RegExp(`--port ${takenPort} on 127\\.0\\.0\\.1: .*EADDRINUSE`));
  });

  it('serve-reference --media-port in use: one line naming --media-port, exit 2', async () => {
    const out = await runCliWithin(['serve-reference', '--media-port', String(takenPort), '--profile-out', join(dir, 'media.json')]);
    expectUsageLine(out, new RegExp(`--media-port ${takenPort} on 127\\.0\\.0\\.1: .*EADDRINUSE`));
  });

  it('serve-reference --media-port the same as --port: one line, exit 2, before anything listens', async () => {
    const out = await runCliWithin(['serve-reference', '--port', String(takenPort), '--media-port', String(takenPort), '--profile-out', join(dir, 'same.json')]);
    expectUsageLine(out, new RegExp(`--media-port ${takenPort}: the same as --port`));
  });

  it.each(['ftp://staging.example', 'http://staging.example/graph', 'https://user:pw@staging.example', 'staging.example:8080', 'http://staging.example/?x=1'])(
    'serve-reference --public-url %s: one line naming the flag, exit 2',
    async (url) => {
      const out = await runCliWithin(['serve-reference', '--public-url', url, '--profile-out', join(dir, 'public.json')]);
      expectUsageLine(out, /--public-url "/);
      expect(out.stderr).not.toContain('pw@');
    },
  );

  it.each([
    ['serve-reference', FOREIGN_ADDRESS],
    ['serve-reference', NO_SUCH_HOST],
    ['replay', FOREIGN_ADDRESS],
    ['replay', NO_SUCH_HOST],
    ['record', NO_SUCH_HOST],
  ])('%s --host %s: one line naming --host, exit 2', async (command, host) => {
    const rest = {
      'serve-reference': ['--profile-out', join(dir, `${host}.json`)],
      replay: ['--cassette', CASSETTE],
      record: ['--target', 'http://127.0.0.1:1', '--cassette', join(dir, `${host}.yaml`)],
    }[command] as string[];
    const out = await runCliWithin([command, '--host', host, ...rest]);
    expectUsageLine(out, new RegExp(`--host ${host.replace(/\./g, '\\.')}: `));
  });

  it('record --forward-proxy-port in use: one line naming that flag, exit 2', async () => {
    // The forward proxy binds loopback only (issue 20), as the recorder does.
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const args = ['record', '--target', 'http://127.0.0.1:9', '--cassette', join(dir, 'fp.yaml'), '--forward-proxy-port', String(port)];
      const out = await runCliWithin(args);
      expectUsageLine(out, new RegExp(`--forward-proxy-port ${port} on 127\\.0\\.0\\.1: .*EADDRINUSE`));
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('serve-reference --profile-out a folder: one line, exit 2, and the command ends', async () => {
    const out = await runCliWithin(['serve-reference', '--profile-out', dir]);
    expectUsageLine(out, /--profile-out /);
    expect(out.stdout).not.toMatch(/reference target on/);
  });
});

import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { caCommand } from '../../../bin/commands/ca.js';
import { readCaFiles } from '../../../harness/ca/index.js';
import { signPayload } from '../../../harness/notification/sign-payload.js';
import { startReceiver } from '../../../harness/receiver/index.js';
import { call, clientAgent } from '../../helpers/http-client.js';
import { tempFolder } from '../../helpers/temp-dir.js';

// What the CA's files are for, over a socket: a receiver's certificate issued from them is one a client trusting
// the CA accepts. The rest of `graphcheck ca` only writes and reads files (ca.test.ts).

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('graphcheck ca', () => {
  it('keeps an owner-only key by default; a run issues a receiver certificate the CA verifies', async () => {
    const dir = tempFolder('graphcheck-ca-');
    dirs.push(dir);
    expect(await caCommand({ out: dir })).toContain('--ca-dir');
    expect((await stat(join(dir, 'ca-key.pem'))).mode & 0o077).toBe(0);
    const ca = await readCaFiles(dir);
    const receiver = await startReceiver({ ca, verifyToken: 't', appSecret: 's' });
    const agent = clientAgent({ caPem: await readFile(join(dir, 'ca.pem'), 'utf8') });
    try {
      const body = Buffer.from('{}');
      const headers = { 'x-hub-signature-256': signPayload(body, 's') };
      expect(await call(agent, receiver.callbackUrl(), { method: 'POST', body, headers })).toMatchObject({
        status: 200,
      });
    } finally {
      await Promise.all([receiver.close(), agent.close()]);
    }
  });

});

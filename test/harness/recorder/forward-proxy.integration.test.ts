import { readFileSync } from 'node:fs';
import { ProxyAgent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { loadOrCreateAuthority } from '../../../harness/ca/ca-files.js';
import { startForwardProxy } from '../../../harness/recorder/forward-proxy.js';
import { startRecordingProxy } from '../../../harness/run/recorded/recording-proxy.js';
import { SECRETS, useTinyTarget } from '../../helpers/tiny-target.js';

const tiny = useTinyTarget();
const { dir } = tiny;

describe('HTTPS forward-proxy mode (clients with a hard-coded host)', () => {
  it('sends graph.facebook.com requests to the target, records them, and keeps paging.next on the proxy', async () => {
    const file = dir.path('forward.yml');
    const caFile = dir.path('ca.pem');
    const ca = await loadOrCreateAuthority({ certOut: caFile });
    const recorder = await startRecordingProxy({
      target: tiny.target.url,
      cassette: file,
    });
    const proxy = await startForwardProxy({ handler: recorder.handler, ca });
    const agent = new ProxyAgent({
      uri: proxy.url,
      requestTls: { ca: readFileSync(caFile, 'utf8') },
    });
    try {
      const answer = await request(
        `https://graph.facebook.com/v25.0/2000001/feed?access_token=${SECRETS.pageToken}&limit=2`,
        { dispatcher: agent },
      );
      expect(answer.statusCode).toBe(200);
      const page = (await answer.body.json()) as { paging: { next: string } };
      expect(page.paging.next).toBe(
        `https://graph.facebook.com/v25.0/2000001/feed?access_token=${SECRETS.pageToken}&limit=2&after=2`,
      );
      const second = await request(page.paging.next, { dispatcher: agent });
      expect(second.statusCode).toBe(200);
      await second.body.text();
      const other = await request('https://elsewhere.invalid/', {
        dispatcher: agent,
      });
      expect(other.statusCode).toBe(502);
      await other.body.text();
    } finally {
      await agent.close();
      await proxy.close();
      await recorder.close();
    }
    const { exchanges } = await readCassette(file);
    expect(exchanges.map((e) => e.request.url.replace(/access_token=[^&]+/, 'T'))).toEqual([
      `${tiny.target.url}/v25.0/2000001/feed?T&limit=2`,
      `${tiny.target.url}/v25.0/2000001/feed?T&limit=2&after=2`,
    ]);
    expect(readFileSync(file, 'utf8')).not.toContain(SECRETS.pageToken);
  });

  it('refuses half a CA', async () => {
    await expect(loadOrCreateAuthority({ cert: dir.path('ca.pem') })).rejects.toMatchObject({ code: 'USAGE' });
  });
});

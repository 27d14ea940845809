import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { readCassette } from '../../../harness/cassette/cassette-reader.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { exchange } from '../../helpers/exchange.js';
import { tempDir } from '../../helpers/temp-dir.js';

// The cassette format's file-only tests are in cassette-format.test.ts; this one replays over a socket.
const dir = tempDir();
afterAll(() => dir.cleanup());

describe('cassettes of graphcheck 0.1 (placeholders written <redacted:KIND:N>)', () => {
  it('read in the one form, forms and table included, and replay to a client holding the real secret', async () => {
    const secret = 'EAA/tok+en';
    const salt = '00112233445566778899aabbccddeeff';
    const hash = createHmac('sha256', salt).update(secret).digest('hex');
    const header = {
      graphcheck_cassette: 1,
      target: 'http://127.0.0.1:4010',
      recorded_at: '2026-01-01T00:00:00.000Z',
      redaction: { enabled: true, salt, placeholders: { '<redacted:access_token:1>': { hash } } },
    };
    const old = exchange('/v25.0/1/feed?access_token=<redacted:access_token:1:P>', '{"next":"?access_token=<redacted:access_token:1:Q>7"}');
    const file = dir.path('legacy.yml');
    writeFileSync(file, `---\n${JSON.stringify(header)}\n---\n${JSON.stringify(old)}\n`);
    const { placeholders, exchanges } = await readCassette(file);
    expect(Object.keys(placeholders)).toEqual(['redacted-access_token-1']);
    expect(exchanges[0]?.request.url).toBe('http://127.0.0.1:4010/v25.0/1/feed?access_token=redacted-access_token-P1');
    // A placeholder the text goes on with a digit after ends with `-`, so its number stays its own.
    expect(exchanges[0]?.response?.body).toBe('{"next":"?access_token=redacted-access_token-Q1-7"}');
    const replay = await startReplayServer({ cassette: file, log: () => {} });
    try {
      const answer = await request(`${replay.url}/v25.0/1/feed?access_token=${encodeURIComponent(secret)}`);
      expect(await answer.body.text()).toBe(`{"next":"?access_token=${encodeURIComponent(secret).replaceAll('%', '\\u0025')}7"}`);
    } finally {
      await replay.close();
    }
  });
});

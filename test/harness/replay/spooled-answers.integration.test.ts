import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import { loadReplay } from '../../../harness/replay/load-replay.js';
import { startReplayServer } from '../../../harness/replay/replay-server.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * Answers past what a replay holds in memory are kept in its spool file and sent as they are read: the same bytes,
 * personalised the same way (the client's token and the replay server's origin where the recording had them), as
 * answers held in memory; the loaded cassette keeps no body beside them.
 */
const dir = tempDir('graphcheck-spooled-');
afterAll(() => dir.cleanup());

const RECORDED = 'http://127.0.0.1:9';
const TOKEN = 'EAASpooledToken0123456789abcdefXYZ';
// Text of several chunks of the spool's writes, with a character outside the BMP across the first boundary.
const FILLER = `${'a'.repeat((1 << 20) - 1)}😀${'é'.repeat(300_000)}`;
const BINARY = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 256));

/** The feed page as the target sent it: the token and the recorded origin in `paging.next`, between long text. */
function page(origin: string, token: string): string {
  return JSON.stringify({ data: [{ id: '1', message: FILLER }], paging: { next: `${origin}/v25.0/2000001/feed?access_token=${token}&after=X` }, tail: FILLER });
}

const file = dir.path('large.yml');
beforeAll(() => {
  const writer = CassetteWriter.create(file, { target: RECORDED });
  const exchange = (path: string, body: string, bodyEncoding?: 'base64') => ({
    kind: 'api' as const,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    request: { method: 'GET', url: `${RECORDED}${path}?access_token=${TOKEN}`, headers: {} },
    response: { status: 200, headers: { 'content-type': bodyEncoding ? 'image/png' : 'application/json' }, body, ...(bodyEncoding ? { bodyEncoding } : {}) },
  });
  writer.append(exchange('/v25.0/2000001/feed', page(RECORDED, TOKEN)));
  writer.append(exchange('/v25.0/2000001/picture', BINARY.toString('base64'), 'base64'));
  writer.append(exchange('/v25.0/2000001/small', '{"ok":true}'));
  writer.close();
});

/** Every answer of the cassette as a client gets it from a replay that holds `held` bytes of answers in memory. */
async function answersWith(held: number | undefined): Promise<{ url: string; bodies: Buffer[]; lengths: string[]; emptied: boolean }> {
  const source = await loadReplay(file, held === undefined ? {} : { heldBodyBytes: held });
  const emptied = [...source.index.groups()].every((g) => g.entries.every((e) => e.exchange.response?.body === ''));
  const replay = await startReplayServer({ cassette: source, log: () => {} });
  try {
    const bodies: Buffer[] = [];
    const lengths: string[] = [];
    for (const path of ['/v25.0/2000001/feed', '/v25.0/2000001/picture', '/v25.0/2000001/small']) {
      const answer = await request(`${replay.url}${path}?access_token=${TOKEN}`);
      expect(answer.statusCode).toBe(200);
      bodies.push(Buffer.from(await answer.body.arrayBuffer()));
      lengths.push(String(answer.headers['content-length']));
    }
    expect(replay.misses()).toEqual([]);
    return { url: replay.url, bodies, lengths, emptied };
  } finally {
    await replay.close();
  }
}

describe('answers too large to hold', () => {
  it('are sent from the spool file as the client reads them, byte for byte what a replay holding them sends', async () => {
    const spooled = await answersWith(0);
    expect(spooled.bodies[0]!.toString('utf8')).toBe(page(spooled.url, TOKEN));
    expect(spooled.bodies[1]!.equals(BINARY)).toBe(true);
    expect(spooled.bodies[2]!.toString()).toBe('{"ok":true}');
    expect(spooled.lengths).toEqual(spooled.bodies.map((b) => String(b.length)));
    const held = await answersWith(undefined);
    expect(held.bodies[0]!.toString('utf8')).toBe(page(held.url, TOKEN));
    expect(held.bodies.slice(1)).toEqual(spooled.bodies.slice(1));
  });

  it('leave no body in the loaded cassette, held or spooled', async () => {
    expect((await answersWith(0)).emptied).toBe(true);
    expect((await answersWith(undefined)).emptied).toBe(true);
  });
});

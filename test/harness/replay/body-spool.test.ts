import { describe, expect, it } from 'vitest';
import { BodySpool } from '../../../harness/replay/body-spool.js';

async function bytesOf(spool: BodySpool, range: { at: number; bytes: number }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of spool.read(range)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('the spool a replay keeps large answers in', () => {
  it('holds answers in memory up to its bound, all together, and sends the rest to the file', () => {
    const spool = new BodySpool(100);
    expect(spool.holds(60)).toBe(true);
    expect(spool.holds(50)).toBe(false);
    expect(spool.holds(40)).toBe(true);
    expect(spool.holds(1)).toBe(false);
  });

  it('gives back what it was given, by range, text written a megabyte at a time without splitting a character', async () => {
    const spool = new BodySpool(0);
    try {
      // A character outside the BMP (two UTF-16 units) right across the first megabyte's end.
      const text = `${'a'.repeat((1 << 20) - 1)}😀${'é'.repeat(1000)}`;
      const first = spool.append(Buffer.from('before'));
      const second = spool.appendText(text);
      const third = spool.append(Buffer.from([0, 255, 1]));
      expect(second).toEqual({ at: 6, bytes: Buffer.byteLength(text) });
      expect((await bytesOf(spool, second)).toString('utf8')).toBe(text);
      expect((await bytesOf(spool, first)).toString()).toBe('before');
      expect([...(await bytesOf(spool, third))]).toEqual([0, 255, 1]);
    } finally {
      spool.close();
    }
  });

  it('once closed, reads nothing more', async () => {
    const spool = new BodySpool(0);
    const range = spool.append(Buffer.from('gone'));
    spool.close();
    await expect(bytesOf(spool, range)).rejects.toThrow(/closed/);
  });
});

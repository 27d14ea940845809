import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningReference, startReference } from '../../reference/index.js';
import { call, errorCode } from '../helpers/reference/reference-client.js';

const WABA = '3000001';

describe('the rate-limit switch (rateLimitEvery)', () => {
  let ref: RunningReference;
  let token = '';
  beforeAll(async () => {
    ref = await startReference({ rateLimitEvery: 2 });
    token = (ref.profile as { tokens: Record<string, string> }).tokens['msgapp'] ?? '';
  });
  afterAll(() => ref.close());

  const read = (limit: number) => call(ref, 'GET', `/v25.0/${WABA}/message_templates`, { query: { access_token: token, limit } });

  it('limits every Nth call of an account, and serves the limited request when it is sent again, whatever came between', async () => {
    expect(errorCode(await read(1))).toBeUndefined();
    expect(errorCode(await read(2))).toBe(80008);
    // Another caller's request in between takes a count of its own.
    expect(errorCode(await read(3))).toBeUndefined();
    // The limited request again: served, and not counted (counted, it would be the 4th call and limited again).
    const again = await read(2);
    expect(again.status).toBe(200);
    expect(errorCode(again)).toBeUndefined();
    expect(errorCode(await read(4))).toBe(80008);
  });
});

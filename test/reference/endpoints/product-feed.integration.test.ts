import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, errorCode, type Ref, start } from '../../helpers/reference/reference-client.js';

let ref: Ref;
beforeAll(async () => {
  ref = await start();
});
afterAll(() => ref.close());

interface UploadError {
  id: number;
  severity: string;
}

const errors = (query: Record<string, string | number> = {}, token = ref.tokens['page'] ?? '') =>
  call(ref, 'GET', '/v25.0/4000001/errors', { query: { access_token: token, ...query } });

async function walk(first: Answer): Promise<UploadError[]> {
  const items: UploadError[] = [...first.body.data];
  let page = first;
  while (page.body.paging?.next) {
    page = await call(ref, 'GET', page.body.paging.next);
    items.push(...page.body.data);
  }
  return items;
}

const idsOf = (items: UploadError[]) => items.map((item) => item.id).sort((a, b) => a - b);

describe('GET /{product_feed_upload_id}/errors', () => {
  it('lists errors with the stated field types, fatal and warning both present', async () => {
    const all = await walk(await errors());
    expect(new Set(idsOf(all)).size).toBe(all.length);
    for (const item of all) {
      expect(item).toEqual({
        id: expect.any(Number),
        summary: expect.any(String),
        description: expect.any(String),
        severity: expect.stringMatching(/^(fatal|warning)$/),
        row_number: expect.any(Number),
        column_number: expect.any(Number),
      });
    }
    expect(all.some((item) => item.severity === 'fatal')).toBe(true);
    expect(all.some((item) => item.severity === 'warning')).toBe(true);
  });

  it('returns only fatal errors for HIGH, and all warnings for MEDIUM and LOW alike (R45)', async () => {
    const all = await walk(await errors({ limit: 100 }));
    const high = await walk(await errors({ error_priority: 'HIGH' }));
    expect(idsOf(high)).toEqual(idsOf(all.filter((item) => item.severity === 'fatal')));
    const warnings = idsOf(all.filter((item) => item.severity === 'warning'));
    expect(idsOf(await walk(await errors({ error_priority: 'MEDIUM' })))).toEqual(warnings);
    expect(idsOf(await walk(await errors({ error_priority: 'LOW', limit: 7 })))).toEqual(warnings);
  });

  it('adds summary.total_count (an integer) only on request', async () => {
    expect((await errors()).body.summary).toBeUndefined();
    const all = await walk(await errors());
    expect((await errors({ summary: 'true' })).body.summary).toEqual({ total_count: all.length });
    const high = await errors({ summary: 'true', error_priority: 'HIGH' });
    expect(high.body.summary.total_count).toBe(high.body.data.length);
  });

  it('refuses an error_priority outside the enum and a missing token', async () => {
    expect(errorCode(await errors({ error_priority: 'URGENT' }))).toBe(100);
    expect(errorCode(await call(ref, 'GET', '/4000001/errors'))).toBe(190);
  });

  it('does not support create, update, delete or other uploads', async () => {
    const query = { access_token: ref.tokens['page'] ?? '' };
    expect(errorCode(await call(ref, 'POST', '/4000001/errors', { form: query }))).toBe(100);
    expect(errorCode(await call(ref, 'DELETE', '/4000001/errors', { query }))).toBe(100);
    expect(errorCode(await call(ref, 'GET', '/4000002/errors', { query }))).toBe(100);
  });
});

import { describe, expect, it } from 'vitest';
import { loadSuiteFile } from '../../harness/suite-loading/load-suite.js';
import { validatorFor } from '../../harness/validation/schema-registry.js';

/** Every request body a rule of the suite sends: steps, walks, repeats and their controls' overrides. */
function requestBodies(rules: unknown[]): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if ('method' in record || 'query' in record || 'form' in record) found.push(record);
    Object.values(record).forEach(visit);
  };
  visit(rules);
  return found;
}

describe('the product-feed suite sends only the parameters the edge lists (issue 9 item 12)', () => {
  it('no `fields`, `limit` or any other name besides error_priority, summary and the contract cursor `after`', async () => {
    const suite = await loadSuiteFile('suites/product-feed.yaml');
    const names = new Set<string>();
    for (const body of requestBodies(suite.rules)) {
      for (const part of ['query', 'form']) {
        const params = body[part];
        if (params && typeof params === 'object') Object.keys(params).forEach((n) => names.add(n));
      }
      expect(body['multipart'], 'a multipart body').toBeUndefined();
    }
    expect([...names].sort()).toEqual(['after', 'error_priority', 'summary']);
  });
});

describe('thread.field-types accepts any ISO 8601 `updated_time` and requires no unrequested field', () => {
  const thread = validatorFor('thread');
  const valid = (body: unknown) => thread!(body);

  it.each([
    '2024-05-01T12:30:45+0000',
    '2024-05-01T12:30:45Z',
    '2024-05-01T12:30:45.123+02:00',
    '2024-05-01T12:30:45,5-05',
    '2024-05-01T12:30Z',
    '2024-05-01T12',
    '2024-05-01T12:30:45',
    '20240501T123045Z',
    '20240501T1230+0100',
    '2024-122T12:30:45Z',
    '2024-W18-3T12:30:45Z',
    '2024-05-01',
  ])('accepts %s', (time) => {
    expect(valid({ id: 't', updated_time: time })).toBe(true);
  });

  it.each(['yesterday', '2024-05-01 12:30:45', '01/05/2024', '2024-5-1T12:30:45Z', ''])('refuses %j', (time) => {
    expect(valid({ id: 't', updated_time: time })).toBe(false);
  });

  it('accepts a thread read without fields that carries none of them, not even `id`', () => {
    expect(valid({})).toBe(true);
    expect(valid({ unread: 0, unseen: 2, can_reply: true })).toBe(true);
  });
});

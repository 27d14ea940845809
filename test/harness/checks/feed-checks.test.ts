import { describe, expect, it } from 'vitest';
import { type CheckInput, runCheck } from '../../../harness/checks/check.js';
import { pngOfSize } from '../../../harness/content-host/image-formats.js';
import { IMAGE_FORMATS } from '../../../harness/content-host/image-bytes.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import type { Exchange } from '../../../harness/model/index.js';
import { schemaProblem } from '../../../harness/validation/validate-value.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';


function answer(status: number, body: Buffer | string, contentType: string): Exchange {
  const binary = Buffer.isBuffer(body);
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/picture', headers: {} },
    response: {
      status,
      headers: { 'content-type': contentType },
      body: binary ? body.toString('base64') : body,
      ...(binary ? { bodyEncoding: 'base64' as const } : {}),
    },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
}

function judge(name: string, input: CheckInput, args: unknown) {
  const check = CHECKS.get(name)!;
  expect(schemaProblem(check.args, args)).toBeUndefined();
  return runCheck(check, input, args, CHECK_CONTEXT);
}

const list = (items: unknown[]): CheckInput => {
  const body = { data: items };
  return { exchanges: [answer(200, JSON.stringify(body), 'application/json')], bodies: [body], facts: {} };
};

describe('item-time (a created_time read back, R11)', () => {
  const now = Date.parse('2026-01-01T00:00:00Z') / 1000;

  it('takes the sample string shape and a number within the bound', () => {
    const items = list([{ id: 'a', created_time: '2026-01-01T00:01:00+0000' }, { id: 'b', created_time: now - 30 }]);
    expect(judge('item-time', items, { id: 'a', path: 'created_time', near: now, within: 120 }).findings).toEqual([]);
    expect(judge('item-time', items, { id: 'b', path: 'created_time', near: now, within: 120 }).findings).toEqual([]);
  });

  it('names a time too far off, another shape, and a missing item', () => {
    const items = list([{ id: 'a', created_time: '2025-12-31T00:00:00+0000' }, { id: 'b', created_time: '2026-01-01 00:00:00' }]);
    const far = judge('item-time', items, { id: 'a', path: 'created_time', near: now, within: 120 });
    expect(far.findings.map((f) => f.message)).toEqual([expect.stringMatching(/86400 s from .* \(at most 120 s\)/)]);
    const shape = judge('item-time', items, { id: 'b', path: 'created_time', near: now, within: 120 });
    expect(shape.findings[0]?.message).toMatch(/not a time/);
    expect(judge('item-time', items, { id: 'c', path: 'created_time', near: now, within: 120 }).findings[0]?.message).toBe('item c is not listed');
  });
});

describe('image-size (full_picture at most 720 px)', () => {
  const one = (exchange: Exchange): CheckInput => ({ exchanges: [exchange], bodies: [undefined], facts: {} });

  it('passes an image within the cap in each format the content host builds, whatever its orientation', () => {
    expect(judge('image-size', one(answer(200, pngOfSize(720, 480), 'image/png')), { max_side: 720 }).findings).toEqual([]);
    expect(judge('image-size', one(answer(200, pngOfSize(300, 720), 'image/png')), { max_side: 720 }).findings).toEqual([]);
    for (const format of ['png', 'jpeg', 'gif', 'bmp'] as const) {
      const image = IMAGE_FORMATS[format].build(0)!;
      const result = judge('image-size', one(answer(200, image, IMAGE_FORMATS[format].contentType)), { max_side: 720 });
      expect([format, result.judged, result.findings]).toEqual([format, 1, []]);
    }
  });

  it('fails a picture whose largest side is above the cap', () => {
    const result = judge('image-size', one(answer(200, pngOfSize(1440, 960), 'image/png')), { max_side: 720 });
    expect(result.findings.map((f) => f.message)).toEqual(['the PNG image served by http://127.0.0.1 is 1440 x 960 px: its largest side is above 720 px']);
  });

  it('judges nothing when the picture cannot be fetched or is not an image', () => {
    const missing = judge('image-size', one(answer(404, 'not found', 'text/plain')), { max_side: 720 });
    expect([missing.judged, missing.findings]).toEqual([0, []]);
    expect(missing.nothingJudged).toMatch(/could not be fetched or read .*answered 404/);
    const page = judge('image-size', one(answer(200, '<html></html>', 'text/html')), { max_side: 720 });
    expect(page.judged).toBe(0);
  });
});

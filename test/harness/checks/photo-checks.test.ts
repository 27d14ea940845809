import { describe, expect, it } from 'vitest';
import { type CheckInput, runCheck } from '../../../harness/checks/check.js';
import { CHECKS } from '../../../harness/checks/registry.js';
import { imageBytes } from '../../../harness/content-host/index.js';
import { jpegWithLocation } from '../../../harness/content-host/jpeg-with-location.js';
import type { Exchange } from '../../../harness/model/index.js';
import { publishableImage } from '../../../reference/endpoints/photos/photo-file.js';
import { createFaultSet } from '../../../reference/faults.js';
import { CHECK_CONTEXT } from '../../helpers/check-input.js';


function answer(status: number, body: Buffer, contentType: string): Exchange {
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {} },
    response: { status, headers: { 'content-type': contentType }, body: body.toString('base64'), bodyEncoding: 'base64' },
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
}

function judge(name: string, input: CheckInput, args: unknown) {
  const check = CHECKS.get(name);
  if (!check) throw new Error(`no check ${name}`);
  return runCheck(check, input, args, CHECK_CONTEXT);
}

const fetched = (image: Buffer, status = 200): CheckInput => ({
  exchanges: [answer(status, image, 'image/jpeg')],
  bodies: [undefined],
  facts: {},
});

describe('image-without-location', () => {
  it('finds the EXIF GPS IFD and the XMP coordinates of an upload that kept them', () => {
    const result = judge('image-without-location', fetched(jpegWithLocation()), undefined);
    expect(result.judged).toBe(1);
    expect(result.findings.map((f) => f.message)).toEqual([
      'the image carries XMP GPS properties (GPSLatitude/GPSLongitude) (served by http://127.0.0.1)',
      'the image carries an EXIF GPS IFD (tag 0x8825) (served by http://127.0.0.1)',
    ]);
  });

  it('passes the same JPEG once the reference removed its APP1 segments, and any image without location', () => {
    const stripped = publishableImage(jpegWithLocation(), createFaultSet([])).data;
    expect(judge('image-without-location', fetched(stripped), undefined)).toMatchObject({ findings: [], judged: 1 });
    expect(judge('image-without-location', fetched(imageBytes('png')), undefined)).toMatchObject({ findings: [], judged: 1 });
  });

  it('judges nothing when the picture could not be fetched (an error answer or no image)', () => {
    const error = judge('image-without-location', fetched(Buffer.from('{"error":{}}'), 404), undefined);
    expect(error).toMatchObject({ judged: 0, findings: [] });
    expect(error.nothingJudged).toMatch(/could not be fetched/);
  });
});

describe('new-item', () => {
  const page = (items: unknown[]): CheckInput => ({ exchanges: [], bodies: [{ data: items }], facts: {} });

  it('passes when an item not listed before matches, whatever the earlier items read', () => {
    const walk = page([{ id: '1', is_published: true }, { id: '3', is_published: true }]);
    expect(judge('new-item', walk, { not_in: ['1', '2'], path: 'is_published', truthy: true }).findings).toEqual([]);
  });

  it('fails when no new item is listed, or the new ones do not match', () => {
    const none = judge('new-item', page([{ id: '1', is_published: true }]), { not_in: ['1'], path: 'is_published', truthy: true });
    expect(none.findings.map((f) => f.message)).toEqual(['no item listed that was not listed before whose `is_published` truthy true']);
    const unpublished = judge('new-item', page([{ id: '4', is_published: false }]), { not_in: ['1'], path: 'is_published', truthy: true });
    expect(unpublished.findings[0]?.message).toMatch(/1 new item\(s\), none matching/);
  });

  it('with absent, passes when no new item matches (a new unpublished one may be listed) and names those that do', () => {
    const args = { not_in: ['1'], path: 'is_published', truthy: true, absent: true };
    expect(judge('new-item', page([{ id: '1', is_published: true }, { id: '4', is_published: false }]), args)).toMatchObject({ findings: [], judged: 1 });
    const published = judge('new-item', page([{ id: '1', is_published: true }, { id: '5', is_published: true }]), args);
    expect(published.findings.map((f) => f.message)).toEqual(['1 item(s) not listed before are listed whose `is_published` truthy true: 5']);
  });

  it('with absent, judges nothing when no answer held a list (an error where the page belonged)', () => {
    const refused: CheckInput = { exchanges: [], bodies: [{ error: { code: 100, message: 'no' } }], facts: {} };
    const args = { not_in: ['1'], path: 'is_published', truthy: true, absent: true };
    expect(judge('new-item', refused, args)).toMatchObject({ findings: [], judged: 0, nothingJudged: 'no answer held a list' });
  });
});

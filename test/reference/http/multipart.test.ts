import { describe, expect, it } from 'vitest';
import { GraphError } from '../../../reference/graph-error.js';
import { foldParams } from '../../../reference/http/bracket-params.js';
import { multipartBoundary, parseMultipart } from '../../../reference/http/multipart.js';

const CRLF = '\r\n';

function body(boundary: string, parts: Array<{ headers: string[]; data: Buffer | string }>): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}${part.headers.join(CRLF)}${CRLF}${CRLF}`));
    chunks.push(Buffer.from(part.data));
    chunks.push(Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

describe('multipart parser', () => {
  it('keeps file parts as bytes and text parts as fields', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    const raw = body('XyZ', [
      { headers: ['Content-Disposition: form-data; name="caption"'], data: 'héllo' },
      {
        headers: [
          'Content-Disposition: form-data; name="source"; filename="a.png"',
          'Content-Type: image/png',
        ],
        data: bytes,
      },
    ]);
    const parsed = parseMultipart(raw, 'XyZ');
    expect(parsed.fields).toEqual([['caption', 'héllo']]);
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ field: 'source', filename: 'a.png', contentType: 'image/png' });
    expect(parsed.files[0]?.data.equals(bytes)).toBe(true);
  });

  it('reads quoted and bare boundaries and refuses malformed bodies with code 100', () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/form-data; boundary=abc; charset=utf-8')).toBe('abc');
    expect(() => parseMultipart(Buffer.from('no boundary here'), 'abc')).toThrow(GraphError);
    expect(() =>
      parseMultipart(Buffer.from('--abc\r\nContent-Disposition: form-data; name="x"\r\n\r\nv'), 'abc'),
    ).toThrow(GraphError);
  });
});

describe('bracket params', () => {
  it('folds indexes into lists, names into objects, [] into appends', () => {
    const folded = foldParams([
      ['attached_media[1]', 'b'],
      ['attached_media[0]', 'a'],
      ['t[geo][countries][]', 'US'],
      ['t[geo][countries][]', 'FR'],
      ['plain', 'x'],
    ]);
    expect(folded).toEqual({
      attached_media: ['a', 'b'],
      t: { geo: { countries: ['US', 'FR'] } },
      plain: 'x',
    });
  });
});

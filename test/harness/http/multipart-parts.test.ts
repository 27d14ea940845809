import { describe, expect, it } from 'vitest';
import { multipartParts } from '../../../harness/http/multipart-parts.js';

const B = 'b0undary';
const body = (...parts: string[]) => Buffer.from(`${parts.map((p) => `--${B}\r\n${p}\r\n`).join('')}--${B}--\r\n`, 'latin1');
const TYPE = `multipart/form-data; boundary=${B}`;

describe('multipart parts of recorded requests', () => {
  it('reads a JSON-typed field as a field, a typed part without a filename as a file, an empty file input as nothing', () => {
    const parts = multipartParts(
      body(
        'Content-Disposition: form-data; name="feed_targeting"\r\nContent-Type: application/json\r\n\r\n{"age_min":18}',
        'Content-Disposition: form-data; name="source"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
        'Content-Disposition: form-data; name="extra"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n',
      ),
      TYPE,
    );
    expect(parts?.map(({ content, ...part }) => ({ ...part, content: content.toString('latin1') }))).toEqual([
      { name: 'feed_targeting', value: '{"age_min":18}', bytes: 14, content: '{"age_min":18}' },
      { name: 'source', filename: '', bytes: 4, content: '\u0089PNG' },
      { name: 'extra', value: '', bytes: 0, content: '' },
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORIGIN_FORMS, rewriteOrigin, writeOrigin } from '../../../harness/cassette/origin-forms.js';
import { OriginRewriter } from '../../../harness/recorder/origin-rewriter.js';

const TARGET = 'http://127.0.0.1:8080';
const CLIENT = 'http://127.0.0.1:41234';

/** Text made of the target's origin in its forms, near misses (more host after it) and arbitrary characters. */
const bodyArb = fc
  .array(
    fc.oneof(
      fc.constantFrom(...ORIGIN_FORMS.map((form) => writeOrigin(TARGET, form))),
      fc.constantFrom('http://127.0.0.1:80801', 'http://127.0.0.1:8080.example', 'http:\\/\\/127.0.0.1', '127.0.0.1'),
      fc.string({ unit: fc.constantFrom('a', '0', '.', '-', '/', '\\', '%', ':', '"', ' ', 'é', '漢', '😀'), maxLength: 6 }),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(''));

describe('the recorder rewriting the target origin in a body, byte by byte', () => {
  const rewriter = new OriginRewriter(TARGET);

  it('gives the bytes of the text rewrite, whatever forms and neighbours the origin has', () => {
    fc.assert(
      fc.property(bodyArb, (text) => {
        const out = rewriter.body(Buffer.from(text, 'utf8'), CLIENT, true);
        expect(out.toString('utf8')).toBe(rewriteOrigin(text, TARGET, CLIENT));
      }),
      { numRuns: 2000, seed: 20261126 },
    );
  });

  it('rewrites paging.next as the Graph API escapes it, and leaves a body that is not text alone', () => {
    const body = Buffer.from(`{"paging":{"next":"http:\\/\\/127.0.0.1:8080\\/v25.0\\/1\\/feed?after=MA"}}`);
    expect(rewriter.body(body, CLIENT, true).toString()).toBe(
      `{"paging":{"next":"http:\\/\\/127.0.0.1:41234\\/v25.0\\/1\\/feed?after=MA"}}`,
    );
    expect(rewriter.body(body, CLIENT, false)).toBe(body);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../harness/redaction/redactor.js';
import { formOf, renderSecret, secretPattern } from '../../../harness/redaction/secret-forms.js';
import { writtenForms } from '../../helpers/secret-forms.js';

const secretArb = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9]{4,12}$/),
    fc.string({
      unit: fc.constantFrom('|', '/', '+', ' ', '=', '%', '"', '\\', '-', '.', '~', ':', 'é'),
      maxLength: 4,
    }),
    fc.stringMatching(/^[A-Za-z0-9]{4,12}$/),
  )
  .map(([a, b, c]) => a + b + c);

describe('secret forms', () => {
  it('finds a secret in every written form and renders that exact form back', () => {
    fc.assert(
      fc.property(secretArb, (secret) => {
        for (const written of writtenForms(secret)) {
          const text = `before=${written}&after`;
          const matches = [...text.matchAll(secretPattern(secret))].map((m) => m[0]);
          expect(matches).toEqual([written]);
          expect(renderSecret(secret, formOf(secret, written))).toBe(written);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('tells `%25` written raw from `%` URL-encoded (a counterexample fast-check found)', () => {
    const secret = 'aaA0/%25aaAa';
    for (const written of writtenForms(secret)) expect(renderSecret(secret, formOf(secret, written))).toBe(written);
  });

  it('never matches inside a longer run of letters and digits', () => {
    const text = 'xEAAtoken123 EAAtoken1234 EAAtoken123';
    expect([...text.matchAll(secretPattern('EAAtoken123'))].map((m) => m.index)).toEqual([26]);
  });

  it('finds a secret right after an escaped separator (`1000001%7C<secret>`, `\\u007C<secret>`)', () => {
    const text = 'a=1000001%7CEAAtoken123&b="1000001\\u007CEAAtoken123"';
    expect([...text.matchAll(secretPattern('EAAtoken123'))]).toHaveLength(2);
  });

  it('gives one secret one placeholder whatever form it appears in', () => {
    const redactor = new Redactor('00112233445566778899aabbccddeeff', {}, { secrets: ['1000001|s3cr/t+x'] });
    const text = writtenForms('1000001|s3cr/t+x').join(' ');
    const out = redactor.text(text);
    expect(out).not.toMatch(/s3cr/);
    expect(new Set(out.match(/redacted-secret-[A-Za-z]*\d+/g)?.map((p) => p.replace(/-[A-Za-z]*(\d+)$/, '-$1')))).toEqual(new Set(['redacted-secret-1']));
  });
});

import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../harness/model/index.js';
import { encodedForms } from '../../../harness/redaction/encoded-forms.js';
import { Redactor, redactorFor } from '../../../harness/redaction/redactor.js';
import { formsOf, leaksOf } from '../../helpers/hostile/planted.js';

const SECRETS = ['EAAB9xTokenSecretValue42', 'cs-pl@nted/secret+42=='];

function answer(body: Buffer | string, headers: Record<string, string> = {}): Exchange {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    request: { method: 'GET', url: 'https://target.invalid/v25.0/me', headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json', ...headers }, body: bytes.toString('base64'), bodyEncoding: 'base64' },
  };
}

describe('what is shown hides a secret in every form it may take', () => {
  it.each(SECRETS)('%s: raw, URL-encoded, JSON-escaped, base64 at any alignment, hex, split across lines', (secret) => {
    const redactor = redactorFor({ secrets: [secret] });
    for (const [name, form] of Object.entries(formsOf(secret))) {
      const shown = redactor.text(`before ${form} after`);
      expect(leaksOf(shown, secret), `${name}: ${shown}`).toEqual([]);
      expect(shown, name).toMatch(/redacted-secret-[A-Za-z]*1/);
    }
    // JSON text quoting JSON doubles the escapes; the double-escaped line break too.
    const quoted = JSON.stringify(JSON.stringify({ m: `${secret.slice(0, 5)}\n${secret.slice(5)}`, n: JSON.stringify(secret).replace(/[^A-Za-z0-9"]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) }));
    expect(leaksOf(redactor.text(quoted), secret)).toEqual([]);
  });

  it('hides the start of a secret where a quote of the target was cut short, or a kept body ends', () => {
    const secret = SECRETS[0]!;
    const redactor = redactorFor({ secrets: [secret] });
    const excerpt = JSON.stringify(`${'x'.repeat(70)} ${secret}`.slice(0, 83));
    expect(excerpt).toContain(secret.slice(0, 12));
    expect(redactor.text(`answered ${excerpt} instead`)).not.toContain(secret.slice(0, 8));
    expect(redactor.text(`HTTP 400 ${'y'.repeat(190)} ${secret.slice(0, 10)}…`)).not.toContain(secret.slice(0, 8));
    expect(redactor.text(`the head ends ${secret.slice(0, 9)}`)).not.toContain(secret.slice(0, 8));
    // Text that only starts alike is left alone.
    expect(redactor.text(`"${secret.slice(0, 9)}Q"`)).toBe(`"${secret.slice(0, 9)}Q"`);
  });

  it('looks for no encoded form of a secret too short to stand out but one escaped, and leaves unrelated base64 and hex alone', () => {
    expect(encodedForms('ab1z').map((f) => f.form)).toEqual(['E']);
    const short = redactorFor({ secrets: ['ab1z'] });
    expect(short.text('x=%61%62%31%7A y=\\u0061b1z z=ab1zz w=ab1z')).toBe('x=redacted-secret-1 y=redacted-secret-1 z=ab1zz w=redacted-secret-1');
    const redactor = redactorFor({ secrets: [SECRETS[0]!] });
    const image = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)).toString('base64');
    expect(redactor.text(image)).toBe(image);
    const hex = Buffer.from(image).toString('hex');
    expect(redactor.text(hex)).toBe(hex);
  });

  it('keeps cassettes to the forms replay can write back: no base64 or hex placeholder there', () => {
    const secret = SECRETS[0]!;
    const cassette = new Redactor('salt', {}, { secrets: [secret] });
    const base64 = Buffer.from(secret).toString('base64');
    expect(cassette.text(`x ${base64} ${secret}`)).toBe(`x ${base64} redacted-secret-1`);
  });

  it('hides a long cookie value wherever a target echoes it, in what is shown only', () => {
    const cookie = 'ck-planted-session-91b2c7';
    const exchange: Exchange = {
      ...answer(`{"echo":"${cookie}"}`, { 'set-cookie': `sid=${cookie}; Path=/` }),
    };
    const shown = redactorFor({}).redact(exchange).exchange;
    expect(JSON.stringify(shown)).not.toContain(cookie);
    const stored = new Redactor('salt', {}, {}).redact(exchange).exchange;
    expect(stored.response?.headers['set-cookie']).toMatch(/^sid=redacted-cookie-1; Path=\/$/);
  });
});

describe('text a hostile target shapes against the patterns', () => {
  // A run of backslashes or quotes that a pattern could start at each character of would take time growing with the
  // square of its length (minutes here): the test's timeout bounds such a hang, nothing here measures time.
  it.each([
    ['backslashes after the start of a secret', `${SECRETS[0]!.slice(0, 12)}${'\\\\'.repeat(100_000)}u`],
    ['quotes after its first character', `E${'"'.repeat(200_000)}`],
    ['escaped quotes', `EAAB${'\\"'.repeat(100_000)}`],
    ['percent signs', `EAAB9xTo${'%'.repeat(200_000)}`],
    ['string boundaries', `E${'", "'.repeat(50_000)}`],
  ])('%s: read in one pass, the secret still found beside it', (_, text) => {
    const redactor = redactorFor({ secrets: SECRETS });
    expect(redactor.text(`${text} ${SECRETS[0]}`).endsWith(' redacted-secret-1')).toBe(true);
  });
});

describe('a compressed body is searched decoded', () => {
  const secret = SECRETS[0]!;
  const json = `{"access_token":"${secret}","note":"echo ${Buffer.from(secret).toString('hex')}"}`;

  it.each([
    ['gzip', gzipSync(json)],
    ['deflate', deflateSync(json)],
    ['deflate', deflateRawSync(json)],
    ['br', brotliCompressSync(json)],
    ['gzip, br', brotliCompressSync(gzipSync(json))],
  ] as const)('%s: decoded, redacted, kept decoded without its Content-Encoding', (coding, bytes) => {
    for (const redactor of [redactorFor({ secrets: [secret] }), new Redactor('salt', {}, { secrets: [secret] })]) {
      const response = redactor.redact(answer(bytes, { 'content-encoding': coding })).exchange.response!;
      expect(response.body).toMatch(/^\{"access_token":"redacted-secret-1"/);
      expect(response.bodyEncoding).toBeUndefined();
      expect(response.headers['content-encoding']).toBeUndefined();
    }
  });

  it.each([
    ['a bomb that decodes past 16 MiB', gzipSync(Buffer.alloc(17 * 1024 * 1024, 0x41)), 'gzip', /^gzip-encoded body decodes to more than 16 MiB/],
    ['a broken stream', gzipSync(json).subarray(0, 20), 'gzip', /^gzip-encoded body does not decode/],
    ['a coding not known here', Buffer.from(json), 'zstd', /^zstd-encoded body: a coding graphcheck does not decode/],
  ] as const)('%s: lost, and said to be, never kept as an empty or undecoded answer', (_, bytes, coding, why) => {
    const response = redactorFor({ secrets: [secret] }).redact(answer(bytes, { 'content-encoding': coding })).exchange.response!;
    expect(response).toMatchObject({ body: '', bodyOmitted: true });
    expect(response.bodyLost).toMatch(why);
    expect(response.bodyEncoding).toBeUndefined();
  });
});

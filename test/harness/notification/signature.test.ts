import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import XHubSignature from 'x-hub-signature';
import { escapedJson } from '../../../harness/callback-client/notification-bytes.js';
import { signPayload } from '../../../harness/notification/sign-payload.js';
import { verifySignature } from '../../../harness/notification/verify-signature.js';
import { REALWORLD } from '../../helpers/paths.js';

const WEBHOOKS = join(REALWORLD, 'restfb', 'webhooks');

/** Bodies as targets send them: raw UTF-8 JSON, PHP-style escaped JSON (`\/`, `\uXXXX`), or any bytes. */
const body = fc.oneof(
  fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v), 'utf8')),
  fc.jsonValue().map((v) => Buffer.from(escapedJson(v), 'utf8')),
  fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => Buffer.from(s, 'utf8')),
  fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
  fc.integer({ min: 100_000, max: 600_000 }).map((n) => Buffer.alloc(n, 'é/')),
);
const secret = fc.string({ minLength: 1, maxLength: 64 });

describe('verifySignature agrees with x-hub-signature (npm)', () => {
  it('accepts what x-hub-signature signs, and x-hub-signature accepts what graphcheck signs', () => {
    fc.assert(
      fc.property(body, secret, (raw, key) => {
        const independent = new XHubSignature('sha256', key);
        expect(verifySignature(raw, independent.sign(raw), key)).toBe('ok');
        expect(independent.verify(signPayload(raw, key), raw)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('both refuse a signature made with another secret or over other bytes', () => {
    fc.assert(
      fc.property(
        body,
        secret,
        secret,
        fc.uint8Array({ minLength: 1, maxLength: 8 }),
        (raw, key, other, extra) => {
          fc.pre(key !== other);
          const independent = new XHubSignature('sha256', key);
          const wrongKey = new XHubSignature('sha256', other).sign(raw);
          const otherBytes = signPayload(Buffer.concat([raw, extra]), key);
          for (const header of [wrongKey, otherBytes]) {
            expect(verifySignature(raw, header, key)).toBe('mismatch');
            expect(independent.verify(header, raw)).toBe(false);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('depends on the exact bytes: re-serialising escaped JSON breaks the signature', () => {
    const sent = Buffer.from(escapedJson({ message: 'Café https://x.example/a' }), 'utf8');
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(sent.toString('utf8'))), 'utf8');
    const header = signPayload(sent, 's3cret');
    expect(sent.toString()).toContain('\\/');
    expect(verifySignature(sent, header, 's3cret')).toBe('ok');
    expect(verifySignature(reserialised, header, 's3cret')).toBe('mismatch');
  });

  it('verifies real recorded notification bodies byte for byte', () => {
    const files = readdirSync(WEBHOOKS).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const raw = readFileSync(join(WEBHOOKS, file));
      const header = new XHubSignature('sha256', 'app-secret').sign(raw);
      expect(verifySignature(raw, header, 'app-secret')).toBe('ok');
    }
  });
});

describe('verifySignature verdicts', () => {
  const raw = Buffer.from('{"object":"page","entry":[]}');
  const good = signPayload(raw, 'k');

  it('compares the hex case-insensitively (reading R6)', () => {
    expect(verifySignature(raw, `sha256=${good.slice(7).toUpperCase()}`, 'k')).toBe('ok');
  });

  it('says missing for an absent or empty header', () => {
    expect(verifySignature(raw, undefined, 'k')).toBe('missing');
    expect(verifySignature(raw, '', 'k')).toBe('missing');
  });

  it('says malformed-prefix without the sha256= prefix', () => {
    expect(verifySignature(raw, good.slice(7), 'k')).toBe('malformed-prefix');
    expect(verifySignature(raw, `sha1=${good.slice(7)}`, 'k')).toBe('malformed-prefix');
  });

  it('says mismatch for a wrong, truncated or non-hex digest', () => {
    expect(verifySignature(raw, signPayload(raw, 'other'), 'k')).toBe('mismatch');
    expect(verifySignature(raw, good.slice(0, -2), 'k')).toBe('mismatch');
    expect(verifySignature(raw, `sha256=${'z'.repeat(64)}`, 'k')).toBe('mismatch');
  });
});

import { describe, expect, it } from 'vitest';
import {
  keyedHash,
  mayHoldPlaceholder,
  parsePlaceholder,
  PLACEHOLDER_PATTERN,
  modernPlaceholders,
  modernPlaceholderTable,
  placeholderId,
  placeholderIdOf,
  placeholderParts,
  plainPlaceholders,
  writePlaceholder,
} from '../../../harness/redaction/placeholder.js';

// The one spelling of a redacted secret (`redacted-KIND-N`), read back whatever form letters it carries.

describe('a placeholder names one secret', () => {
  it.each<[string, string | undefined]>([
    ['redacted-access_token-1', 'redacted-access_token-1'],
    ['redacted-access_token-P12', 'redacted-access_token-12'],
    ['redacted-secret-Prrr2', 'redacted-secret-2'],
    ['redacted-access_token-', undefined],
    ['redacted-Access-1', undefined],
    ['xredacted-code-1', undefined],
    ['redacted-code-1 and more', undefined],
    ['EAAtoken', undefined],
  ])('%s is the placeholder %s', (text, id) => {
    expect(placeholderIdOf(text)).toBe(id);
  });

  it('is made of its kind and number, and parts come back from it', () => {
    expect(placeholderId('client_secret', 4)).toBe('redacted-client_secret-4');
    expect(placeholderParts('redacted-client_secret-4')).toEqual({ kind: 'client_secret', n: 4 });
    expect(placeholderParts('redacted-client_secret')).toBeUndefined();
  });
});

describe('a placeholder written in running text', () => {
  it.each<[string, string, string, string]>([
    ['plain, before a non-digit', '', '&limit=2', 'redacted-access_token-1'],
    ['with form letters before its number', 'P', '"', 'redacted-access_token-P1'],
    ['closed with a dash before a digit', '', '5', 'redacted-access_token-1-'],
    ['closed with a dash before dashes and a digit', '', '--5', 'redacted-access_token-1-'],
    ['not closed before a dash and a letter', '', '-x', 'redacted-access_token-1'],
    ['at the end of the text', '', '', 'redacted-access_token-1'],
  ])('%s', (_, form, next, written) => {
    expect(writePlaceholder('redacted-access_token-1', form, next)).toBe(written);
  });

  it('reads back as the same id, whatever follows it', () => {
    for (const next of ['', '5', '--5', '&x=1', '-x']) {
      const text = writePlaceholder('redacted-code-7', 'Pr', next) + next;
      const found = [...text.matchAll(PLACEHOLDER_PATTERN)];
      expect(found).toHaveLength(1);
      expect(parsePlaceholder(found[0]!)).toEqual({ id: 'redacted-code-7', form: 'Pr' });
      expect(text.slice(found[0]!.index! + found[0]![0].length)).toBe(next);
    }
  });
});

describe('what reports show', () => {
  it.each<[string, string]>([
    ['token redacted-access_token-P1 sent', 'token redacted-access_token-1 sent'],
    ['redacted-secret-Prrr2-5', 'redacted-secret-2-5'],
    ['a=redacted-code-3&b=redacted-code-Pf4', 'a=redacted-code-3&b=redacted-code-4'],
    ['no placeholder here', 'no placeholder here'],
  ])('%s -> %s', (text, shown) => {
    expect(plainPlaceholders(text)).toBe(shown);
  });

  it('tells cheaply whether text may hold one', () => {
    expect(mayHoldPlaceholder('x redacted-code-1')).toBe(true);
    expect(mayHoldPlaceholder('<redacted:code:1>')).toBe(false);
  });
});

describe("graphcheck 0.1's placeholders", () => {
  it.each<[string, string]>([
    ['<redacted:access_token:1>', 'redacted-access_token-1'],
    ['<redacted:hub.verify_token:2>', 'redacted-hub_verify_token-2'],
    ['<redacted:secret:3:P+>', 'redacted-secret-Pf3'],
    ['?a=<redacted:code:4>5', '?a=redacted-code-4-5'],
    ['nothing old here', 'nothing old here'],
  ])('%s reads as %s', (old, modern) => {
    expect(modernPlaceholders(old)).toBe(modern);
  });

  it('in a placeholders table, keys rewritten and hashes kept', () => {
    expect(modernPlaceholderTable({ '<redacted:code:1>': { hash: 'h1' } })).toEqual({ 'redacted-code-1': { hash: 'h1' } });
    const modern = { 'redacted-code-1': { hash: 'h1' } };
    expect(modernPlaceholderTable(modern)).toBe(modern);
  });
});

describe('the keyed hash', () => {
  it('depends on the salt and the secret, and is HMAC-SHA256 in hex', () => {
    expect(keyedHash('s', 'x')).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedHash('s', 'x')).toBe(keyedHash('s', 'x'));
    expect(keyedHash('s', 'x')).not.toBe(keyedHash('t', 'x'));
    expect(keyedHash('s', 'x')).not.toBe(keyedHash('s', 'y'));
  });
});

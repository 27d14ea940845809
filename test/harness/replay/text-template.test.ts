import { describe, expect, it } from 'vitest';
import { formOfOrigin, originPatternSource, rewriteOrigin, writeOrigin } from '../../../harness/cassette/origin-forms.js';
import { formOf, renderSecret } from '../../../harness/redaction/secret-forms.js';
import { TextTemplate } from '../../../harness/replay/text-template.js';

// A recorded answer given back: its placeholders become the secrets the request carried, in the form they were
// written; the recorded target's origin becomes replay's own, in the form it was written.

const RECORDED = 'http://127.0.0.1:4010';
const REPLAY = 'http://127.0.0.1:5999';
const none = new Map<string, string>();

describe('a recorded answer rendered for a request', () => {
  it.each<[string, string, Record<string, string>, string]>([
    ['text with neither placeholder nor origin is given back as it was', '{"id":"1"}', {}, '{"id":"1"}'],
    ['a placeholder becomes the secret the request carried', '{"token":"redacted-access_token-1"}', { 'redacted-access_token-1': 'EAAreal' }, '{"token":"EAAreal"}'],
    ['a placeholder no request carried stays as recorded', '{"token":"redacted-access_token-2"}', { 'redacted-access_token-1': 'EAAreal' }, '{"token":"redacted-access_token-2"}'],
    ['a placeholder of a derived secret takes any of its kind', 'proof=redacted-appsecret_proof-3', { 'redacted-appsecret_proof-*': 'p9' }, 'proof=p9'],
    ['its own secret wins over any of its kind', 'proof=redacted-appsecret_proof-3', { 'redacted-appsecret_proof-3': 'own', 'redacted-appsecret_proof-*': 'any' }, 'proof=own'],
    ['a URL-encoded form writes the secret URL-encoded', 'next=redacted-access_token-P1', { 'redacted-access_token-1': 'a|b' }, 'next=a%7Cb'],
    ['a JSON-escaped URL-encoded form, as paging.next', 'next=redacted-access_token-Q1', { 'redacted-access_token-1': 'a|b' }, 'next=a\\u00257Cb'],
    ['a closed placeholder before a digit keeps only the secret', 'x=redacted-code-1-5', { 'redacted-code-1': 'abc' }, 'x=abc5'],
    ['a placeholder the client sent back as it stands is written as sent', 'x=redacted-code-P1', { 'redacted-code-1': 'redacted-code-1' }, 'x=redacted-code-1'],
    ['the recorded origin becomes replay\'s', `{"next":"${RECORDED}/v25.0/me"}`, {}, `{"next":"${REPLAY}/v25.0/me"}`],
    ['the JSON-escaped origin becomes replay\'s JSON-escaped', `{"next":"http:\\/\\/127.0.0.1:4010\\/v25.0"}`, {}, `{"next":"http:\\/\\/127.0.0.1:5999\\/v25.0"}`],
    ['the URL-encoded origin, in a redirect_uri, becomes replay\'s URL-encoded', 'redirect_uri=http%3A%2F%2F127.0.0.1%3A4010%2Fcb', {}, 'redirect_uri=http%3A%2F%2F127.0.0.1%3A5999%2Fcb'],
    ['a longer port after the origin is another origin, left alone', `${RECORDED}1/x`, {}, `${RECORDED}1/x`],
    ['a longer host after the origin is another origin, left alone', 'http://127.0.0.1:4010.example/x', {}, 'http://127.0.0.1:4010.example/x'],
  ])('%s', (_, text, carried, rendered) => {
    expect(new TextTemplate(text, RECORDED).render(new Map(Object.entries(carried)), REPLAY)).toBe(rendered);
  });

  it('says which secrets it reads and whether it ever changes', () => {
    const template = new TextTemplate(`${RECORDED}/x?t=redacted-access_token-P1`, RECORDED);
    expect([...template.placeholderIds].sort()).toEqual(['redacted-access_token-*', 'redacted-access_token-1']);
    expect([template.hasOrigin, template.isStatic]).toEqual([true, false]);
    const still = new TextTemplate('{"ok":true}', RECORDED);
    expect([still.hasOrigin, still.isStatic, still.placeholderIds.size]).toEqual([false, true, 0]);
  });

  it('renders empty text as empty, and without a recorded origin leaves every origin alone', () => {
    expect(new TextTemplate('', RECORDED).render(none, REPLAY)).toBe('');
    expect(new TextTemplate(`${RECORDED}/x`, undefined).render(none, REPLAY)).toBe(`${RECORDED}/x`);
  });

  it('renders the same answer for two requests with what each carried', () => {
    const template = new TextTemplate('a=redacted-access_token-1;b=redacted-access_token-1', RECORDED);
    expect(template.render(new Map([['redacted-access_token-1', 'one']]), REPLAY)).toBe('a=one;b=one');
    expect(template.render(new Map([['redacted-access_token-1', 'two']]), REPLAY)).toBe('a=two;b=two');
  });
});

describe('the forms of an origin', () => {
  const ORIGIN = 'https://graph.example:8443';
  it.each([
    ['raw', 'https://graph.example:8443'],
    ['json', 'https:\\/\\/graph.example:8443'],
    ['url', 'https%3A%2F%2Fgraph.example%3A8443'],
    ['url-lower', 'https%3a%2f%2fgraph.example%3a8443'],
  ] as const)('%s is written %s, and read back as that form', (form, written) => {
    expect(writeOrigin(ORIGIN, form)).toBe(written);
    expect(formOfOrigin(ORIGIN, written)).toBe(form);
    expect(new RegExp(originPatternSource(ORIGIN)).exec(`x ${written}/path`)?.[0]).toBe(written);
  });

  it('rewrites every form in one text to the same form of the new origin, and nothing else', () => {
    const text = 'a https://graph.example:8443/x b https:\\/\\/graph.example:8443 c https%3A%2F%2Fgraph.example%3A8443 d https://graph.example:84430';
    expect(rewriteOrigin(text, ORIGIN, 'http://h:1')).toBe('a http://h:1/x b http:\\/\\/h:1 c http%3A%2F%2Fh%3A1 d https://graph.example:84430');
    expect(rewriteOrigin(text, ORIGIN, ORIGIN)).toBe(text);
  });
});

describe('the forms of a secret', () => {
  it.each<[string, string, string]>([
    ['raw', '', 'a/b|c'],
    ['URL-encoded, upper-case hex', 'P', 'a%2Fb%7Cc'],
    ['URL-encoded, lower-case hex', 'p', 'a%2fb%7cc'],
    ['JSON unicode escapes', 'U', 'a\\u002Fb\\u007Cc'],
    ['JSON-escaped URL-encoding', 'Q', 'a\\u00252Fb\\u00257Cc'],
    ['JSON short escapes', 's', 'a\\/b|c'],
  ])('%s (%s)', (_, form, written) => {
    expect(renderSecret('a/b|c', form)).toBe(written);
    expect(formOf('a/b|c', written)).toBe(form === 's' ? 'sr' : form);
  });

  it('takes one code per special character, a space as a form writes it among them', () => {
    expect(renderSecret('a b/c|d', 'fsP')).toBe('a+b\\/c%7Cd');
    expect(formOf('a b/c|d', 'a+b\\/c%7Cd')).toBe('fsP');
  });

  it('writes letters and digits alike in every form', () => {
    for (const form of ['', 'P', 'p', 'U', 'u', 'Q', 'q']) expect(renderSecret('EAA123abc', form)).toBe('EAA123abc');
  });

  it('tells nothing it was not written as', () => {
    expect(formOf('a|b', 'a-b')).toBe('');
  });
});

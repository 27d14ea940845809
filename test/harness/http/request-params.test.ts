import { describe, expect, it } from 'vitest';
import { type ParamsInput, readParams } from '../../../harness/http/request-params.js';

// The one reader of what a request carried (replay, check and redaction read it alike), over what real clients send.

const pairs = (input: ParamsInput) => readParams(input).params.map((p) => [p.name, p.value, p.from]);
const body = (text: string) => Buffer.from(text);

describe('query parameters', () => {
  it.each<[string, string, unknown[][]]>([
    ['in the order sent', '/v25.0/1/feed?limit=2&fields=id', [['limit', '2', 'query'], ['fields', 'id', 'query']]],
    ['of an absolute URL', 'http://h:1/v25.0/me?a=1', [['a', '1', 'query']]],
    ['percent-decoded, a plus as a space', '/x?q=a%20b+c&%6Eame=%7B%7D', [['q', 'a b c', 'query'], ['name', '{}', 'query']]],
    ['a malformed escape kept as sent, the good ones beside it decoded', '/x?q=%E0%A4%A%20z', [['q', '%E0%A4%A z', 'query']]],
    ['a name without a value has the empty value', '/x?flag&b=', [['flag', '', 'query'], ['b', '', 'query']]],
    ['empty pairs skipped', '/x?a=1&&b=2&', [['a', '1', 'query'], ['b', '2', 'query']]],
    ['a repeated name kept twice', '/x?ids=1&ids=2', [['ids', '1', 'query'], ['ids', '2', 'query']]],
    ['the fragment is no parameter', '/x?a=1#b=2', [['a', '1', 'query']]],
    ['a value holding = keeps it', '/x?a=b=c', [['a', 'b=c', 'query']]],
    ['none without a query', '/v25.0/me', []],
  ])('%s', (_, target, expected) => {
    expect(pairs({ target })).toEqual(expected);
  });
});

describe('a body', () => {
  it.each<[string, ParamsInput, unknown[][]]>([
    ['a form after the query', { target: '/x?a=1', contentType: 'application/x-www-form-urlencoded', body: body('b=2&c=a+b') }, [['a', '1', 'query'], ['b', '2', 'form'], ['c', 'a b', 'form']]],
    ['a form with no content type', { target: '/x', body: body('message=hi&published=false') }, [['message', 'hi', 'form'], ['published', 'false', 'form']]],
    ['a JSON object, its fields keeping their JSON values', { target: '/x', contentType: 'application/json', body: body('{"n":1,"o":{"a":[1]},"s":"t"}') }, [['n', 1, 'json'], ['o', { a: [1] }, 'json'], ['s', 't', 'json']]],
    ['a JSON object with no content type', { target: '/x', body: body(' {"a":true} ') }, [['a', true, 'json']]],
    ['a JSON object under a text/plain type', { target: '/x', contentType: 'text/plain', body: body('{"a":1}') }, [['a', 1, 'json']]],
    ['a charset after the form type', { target: '/x', contentType: 'Application/X-WWW-Form-Urlencoded; charset=UTF-8', body: body('a=1') }, [['a', '1', 'form']]],
  ])('%s', (_, input, expected) => {
    expect(pairs(input)).toEqual(expected);
    expect(readParams(input).complete).toBe(true);
  });

  it('JSON that is not an object is kept whole, and the request read incomplete', () => {
    const read = readParams({ target: '/x', contentType: 'application/json', body: body('[1,2]') });
    expect([read.params, read.rest, read.complete]).toEqual([[], { json: [1, 2] }, false]);
  });

  it('JSON that does not parse under a JSON type is kept as bytes', () => {
    const read = readParams({ target: '/x?a=1', contentType: 'application/json', body: body('{"a":') });
    expect(read.params).toEqual([{ name: 'a', value: '1', from: 'query' }]);
    expect(read.rest).toEqual({ bytes: body('{"a":') });
    expect(read.complete).toBe(false);
  });

  it.each<[string, string | undefined, Buffer]>([
    ['binary bytes', 'application/octet-stream', Buffer.from([0, 1, 255])],
    ['text that is not a form', undefined, body('just some words')],
    ['text that only starts like JSON', undefined, body('{not json')],
  ])('%s are kept as bytes, holding no parameter', (_, contentType, bytes) => {
    const read = readParams({ target: '/x', ...(contentType ? { contentType } : {}), body: bytes });
    expect([read.params, read.rest, read.complete]).toEqual([[], { bytes }, false]);
  });

  it('an empty body reads complete, unless one was sent and not kept', () => {
    expect(readParams({ target: '/x', body: Buffer.alloc(0) }).complete).toBe(true);
    expect(readParams({ target: '/x', bodyMissing: true }).complete).toBe(false);
    expect(readParams({ target: '/x', contentType: 'application/x-www-form-urlencoded', body: body('a=1'), bodyMissing: true }).complete).toBe(false);
  });

  it('a multipart body: its fields as parameters and its files apart', () => {
    const boundary = 'XyZ';
    const text = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="caption"',
      '',
      'a photo',
      `--${boundary}`,
      'Content-Disposition: form-data; name="source"; filename="p.png"',
      'Content-Type: image/png',
      '',
      'PNGDATA',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const read = readParams({ target: '/v25.0/1/photos?published=false', contentType: `multipart/form-data; boundary=${boundary}`, body: body(text) });
    expect(read.params).toEqual([
      { name: 'published', value: 'false', from: 'query' },
      { name: 'caption', value: 'a photo', from: 'multipart' },
    ]);
    expect(read.files).toEqual([{ name: 'source', filename: 'p.png', content: body('PNGDATA') }]);
    expect(read.complete).toBe(true);
  });

  it('a multipart body whose boundary is not in it holds no parameter', () => {
    const read = readParams({ target: '/x', contentType: 'multipart/form-data; boundary=nope', body: body('--other\r\n\r\nx\r\n--other--\r\n') });
    expect([read.params, read.complete]).toEqual([[], false]);
  });
});

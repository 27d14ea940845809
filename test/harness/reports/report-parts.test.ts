import { createHash } from 'node:crypto';
import { deflateRawSync, deflateSync, gzipSync, brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BodyCollector, sizeWords, tooLargeReason } from '../../../harness/http/body-limit.js';
import { contentCodings, decodeContent } from '../../../harness/http/content-coding.js';
import type { Exchange, RuleResult, RunResult } from '../../../harness/model/index.js';
import { mergeResults } from '../../../harness/reports/merge-results.js';
import { runsWords } from '../../../harness/reports/runs-words.js';
import { REPORT_BODY_LIMIT, slimExchange, slimResult } from '../../../harness/reports/slim-evidence.js';

// The parts reports are made of: bodies kept small, bounded and decoded, the runs a rule used, and the shards of
// one run merged into one report.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function result(rule: string, verdict: RuleResult['verdict'] = 'passed', extra: Partial<RuleResult> = {}): RuleResult {
  return { rule, suite: rule.split('.')[0]!, title: rule, strength: 'MUST', verdict, cites: [], readings: [], findings: [], evidence: [], replay: `graphcheck run --rule ${rule}`, durationMs: 1, ...extra };
}

describe('the property runs a rule used', () => {
  it.each<[string, Partial<RuleResult>, string | undefined]>([
    ['none for a rule that ran once', {}, undefined],
    ['the runs', { runs: 100 }, 'property runs: 100'],
    ['the ceiling that cut them, and why', { runs: 20, runsCapped: { at: 20, asked: 100, reason: 'each run waits a minute of target time' } }, 'property runs: 20 of 100 asked, capped at 20: each run waits a minute of target time'],
  ])('%s', (_, extra, words) => {
    expect(runsWords(result('a.b', 'passed', extra))).toBe(words);
  });
});

describe('evidence bodies in reports', () => {
  const exchange = (requestBody: string | undefined, responseBody: string, encoding?: 'base64'): Exchange => ({
    request: { method: 'POST', url: 'http://t/x', headers: {}, ...(requestBody === undefined ? {} : { body: requestBody }) },
    response: { status: 200, headers: {}, body: responseBody, ...(encoding ? { bodyEncoding: encoding } : {}) },
    startedAt: '',
    durationMs: 0,
  });

  it('a body within the limit is kept whole, the result given back as it was', () => {
    const r = result('a.b', 'failed', { evidence: [exchange('{"a":1}', 'x'.repeat(REPORT_BODY_LIMIT))] });
    expect(slimResult(r)).toBe(r);
  });

  it('a larger body is kept as its size, SHA-256 and first kilobyte', () => {
    const big = 'y'.repeat(REPORT_BODY_LIMIT + 1);
    const slim = slimExchange(exchange(big, '{}'));
    expect(slim.request.body).toBe('y'.repeat(1024));
    expect(slim.request.bodyTruncated).toEqual({ bytes: REPORT_BODY_LIMIT + 1, sha256: sha256(Buffer.from(big)) });
    expect(slim.response).toEqual({ status: 200, headers: {}, body: '{}' });
  });

  it('counts bytes, not characters: multi-byte text past the limit in bytes is cut', () => {
    const text = 'é'.repeat(REPORT_BODY_LIMIT / 2 + 1);
    const slim = slimExchange(exchange(undefined, text));
    expect(slim.response?.bodyTruncated?.bytes).toBe(REPORT_BODY_LIMIT + 2);
    // The first kilobyte ends on a whole character: a half character is dropped, never shown broken.
    expect(slim.response?.body).toBe('é'.repeat(512));
  });

  it('a binary body is cut as bytes and kept base64', () => {
    const bytes = Buffer.alloc(REPORT_BODY_LIMIT * 2, 7);
    const slim = slimExchange(exchange(undefined, bytes.toString('base64'), 'base64'));
    expect(Buffer.from(slim.response!.body, 'base64')).toEqual(Buffer.alloc(1024, 7));
    expect(slim.response?.bodyTruncated).toEqual({ bytes: bytes.length, sha256: sha256(bytes) });
  });
});

describe('a body read under a limit', () => {
  it('keeps every byte up to the limit', () => {
    const collector = new BodyCollector(10);
    collector.add(Buffer.from('hello'));
    collector.add(Buffer.from('world'));
    expect([collector.overflowed, collector.finish()]).toEqual([false, { bytes: Buffer.from('helloworld') }]);
  });

  it('past it keeps the first bytes, the size and the hash of the whole', () => {
    const collector = new BodyCollector(10);
    const chunks = ['hello', 'world', '!', 'more text after it'].map((t) => Buffer.from(t));
    for (const chunk of chunks) collector.add(chunk);
    const body = collector.finish();
    expect(collector.overflowed).toBe(true);
    expect(body.tooLarge).toEqual({ size: 29, sha256: sha256(Buffer.concat(chunks)), limit: 10 });
    expect(Buffer.concat(chunks).subarray(0, body.bytes.length)).toEqual(body.bytes);
  });

  it.each<[number, string]>([
    [16 * 1024 * 1024, '16 MiB'],
    [1.5 * 1024 * 1024, '1.5 MiB'],
    [512 * 1024, '512 KiB'],
    [1000, '1000 bytes'],
    [1536, '1536 bytes'],
  ])('%d bytes read as %s', (bytes, words) => {
    expect(sizeWords(bytes)).toBe(words);
  });

  it('says why a rule cannot judge an oversize body, and what to raise', () => {
    expect(tooLargeReason('answer', { size: 52428800, sha256: 'ab'.repeat(32), limit: 16 * 1024 * 1024 })).toBe(
      `answer larger than 16 MiB (52428800 bytes, sha256 ${'ab'.repeat(8)}...): not read; raise --max-body to judge it`,
    );
    expect(tooLargeReason('request', { size: 0, sha256: '', limit: 1024 })).toBe('request larger than 1 KiB: not read; raise --max-body to judge it');
  });
});

describe('a compressed body', () => {
  const text = Buffer.from('{"data":[1,2,3]}');

  it.each<[string, string, Buffer]>([
    ['gzip', 'gzip', gzipSync(text)],
    ['x-gzip', 'x-gzip', gzipSync(text)],
    ['zlib-wrapped deflate', 'deflate', deflateSync(text)],
    ['raw deflate, as some servers send it', 'deflate', deflateRawSync(text)],
    ['brotli', 'br', brotliCompressSync(text)],
  ])('%s decodes', (_, coding, bytes) => {
    expect(decodeContent(bytes, [coding])).toEqual({ bytes: text });
  });

  it('undoes codings applied one after another, the last first', () => {
    expect(decodeContent(brotliCompressSync(gzipSync(text)), contentCodings('gzip, br'))).toEqual({ bytes: text });
  });

  it.each<[string, Buffer, string[], RegExp]>([
    ['a coding graphcheck does not know', text, ['compress'], /^compress-encoded body: a coding graphcheck does not decode$/],
    ['bytes that do not decode', text, ['gzip'], /^gzip-encoded body does not decode \(/],
    ['a bomb past the limit', gzipSync(Buffer.alloc(1024 * 1024)), ['gzip'], /^gzip-encoded body decodes to more than 1 KiB$/],
  ])('%s is lost, and says why', (_, bytes, codings, reason) => {
    const decoded = decodeContent(bytes, codings, 1024);
    expect('lost' in decoded && decoded.lost).toMatch(reason);
  });

  it.each<[string | undefined, string[]]>([
    [undefined, []],
    ['identity', []],
    ['GZIP', ['gzip']],
    ['gzip, identity, br', ['gzip', 'br']],
    [' deflate ,', ['deflate']],
  ])('Content-Encoding %j lists %j', (value, codings) => {
    expect(contentCodings(value)).toEqual(codings);
  });
});

describe('the shards of one run merged', () => {
  const report = (results: RuleResult[], extra: Partial<RunResult> = {}): RunResult =>
    ({
      tool: { name: 'graphcheck', version: '0.1.0' },
      target: { baseUrl: 'http://t', source: 'profile' },
      seed: 7,
      startedAt: '2026-01-01T00:00:01.000Z',
      finishedAt: '2026-01-01T00:00:05.000Z',
      summary: { passed: 0, failed: 0, warned: 0, skipped: 0, error: 0, known: 0, total: 0, exitCode: 0 },
      results,
      ...extra,
    }) as RunResult;
  const ORDER = ['feed.a', 'feed.b', 'photos.c'];

  it('holds every rule once, in the suites order, with the summary counted anew and the widest times', () => {
    const merged = mergeResults(
      [report([result('photos.c', 'failed'), result('feed.a')], { startedAt: '2026-01-01T00:00:02.000Z' }), report([result('feed.b', 'skipped')], { finishedAt: '2026-01-01T00:00:09.000Z' })],
      ['one', 'two'],
      ORDER,
    );
    expect(merged.results.map((r) => r.rule)).toEqual(ORDER);
    expect(merged.summary).toMatchObject({ passed: 1, failed: 1, skipped: 1 });
    expect([merged.startedAt, merged.finishedAt]).toEqual(['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:09.000Z']);
  });

  it.each<[string, RunResult[], RegExp]>([
    ['shards of two seeds', [report([result('feed.a')]), report([result('feed.b')], { seed: 8 })], /^two: seed 8, but one has seed 7: merge the shards of one run \(same --seed\)$/],
    ['a rule in two shards', [report([result('feed.a')]), report([result('feed.a')])], /^two: rule feed\.a is also in one: merge shards that split one run/],
    ['one shard strict and one not', [report([result('feed.a')], { gate: { strict: true } } as Partial<RunResult>), report([result('feed.b')])], /^two: run without --strict, unlike one/],
  ])('refuses %s', (_, reports, message) => {
    expect(() => mergeResults(reports, ['one', 'two'], ORDER)).toThrow(message);
  });

  it("adds up a baseline entry's counts over the shards its rules fell in", () => {
    const entry = (ran: number, passed: number) => ({ rule: 'feed.*', verdict: 'failed' as const, reason: 'r', ran, passed });
    const merged = mergeResults(
      [report([result('feed.a')], { gate: { strict: false, baseline: { file: 'b.yaml', entries: [entry(1, 1)] } } } as Partial<RunResult>), report([result('feed.b')], { gate: { strict: false, baseline: { file: 'b.yaml', entries: [entry(1, 0)] } } } as Partial<RunResult>)],
      ['one', 'two'],
      ORDER,
    );
    expect(merged.gate?.baseline).toEqual({ file: 'b.yaml', entries: [entry(2, 1)] });
  });
});

import { describe, expect, it } from 'vitest';
import { describeRequest, differences, explainMiss, formatMiss } from '../../../harness/replay/explain-miss.js';
import { MatchIndex, type ReplayEntry } from '../../../harness/replay/match-index.js';
import { keyOf, type NormalizedRequest, type Params } from '../../../harness/replay/normalize-request.js';

// Which recorded answer a request gets, in what order, and what a miss says about the nearest recorded requests.

function normal(method: string, path: string, params: Params = []): NormalizedRequest {
  return { method, path, params, key: keyOf(method, path, params) };
}

function entry(index: number, request: NormalizedRequest): ReplayEntry {
  return {
    index,
    request,
    key: request.key,
    exchange: { request: { method: request.method, url: `http://h${request.path}`, headers: {} }, startedAt: '', durationMs: 0 },
  };
}

const FEED = normal('GET', '/v25.0/1/feed', [['limit', '2']]);
const ME = normal('GET', '/v25.0/me');

function indexOf(...requests: NormalizedRequest[]): MatchIndex {
  const index = new MatchIndex();
  requests.forEach((request, i) => index.add(entry(i, request)));
  return index;
}

const taken = (index: MatchIndex, key: string, mode: 'strict' | 'last' = 'strict') => {
  const result = index.take(key, mode);
  if (result === undefined) return 'unknown';
  return 'entry' in result ? result.entry.index : `exhausted after ${result.exhausted.entries.length}`;
};

describe('the match index', () => {
  it('answers repeated requests in recorded order, then says they are used up (strict)', () => {
    const index = indexOf(FEED, ME, FEED);
    expect([taken(index, FEED.key), taken(index, FEED.key), taken(index, FEED.key)]).toEqual([0, 2, 'exhausted after 2']);
    expect(taken(index, ME.key)).toBe(1);
  });

  it('repeats the last answer once all were served (last)', () => {
    const index = indexOf(FEED, FEED);
    expect([taken(index, FEED.key, 'last'), taken(index, FEED.key, 'last'), taken(index, FEED.key, 'last')]).toEqual([0, 1, 1]);
  });

  it('knows nothing of a request never recorded', () => {
    expect(taken(indexOf(FEED), ME.key)).toBe('unknown');
  });

  it('counts what it holds, and groups equal requests', () => {
    const index = indexOf(FEED, ME, FEED);
    expect(index.size).toBe(3);
    expect([...index.groups()].map((g) => [g.request.path, g.entries.map((e) => e.index)])).toEqual([
      ['/v25.0/1/feed', [0, 2]],
      ['/v25.0/me', [1]],
    ]);
  });

  it('seeks to a cassette position: what came before counts as served', () => {
    const index = indexOf(FEED, ME, FEED, FEED);
    index.seek(2);
    expect(taken(index, FEED.key)).toBe(2);
    expect(taken(index, ME.key)).toBe('exhausted after 1');
    index.seek(0);
    expect(taken(index, FEED.key)).toBe(0);
  });

  it('an exchange recorded live counts as served: it is not given again', () => {
    const index = indexOf(FEED);
    index.addServed(entry(1, FEED));
    expect(taken(index, FEED.key)).toBe('exhausted after 2');
  });

  it('takes under the first of several keys that still has an answer, and says which', () => {
    const index = indexOf(FEED, ME);
    expect(index.takeFirst(['nothing', ME.key, FEED.key], 'strict')).toMatchObject({ at: 1, result: { entry: { index: 1 } } });
    expect(index.takeFirst(['nothing', ME.key, FEED.key], 'strict')).toMatchObject({ at: 2, result: { entry: { index: 0 } } });
    // All used up: the first key the index knows is the one reported exhausted.
    expect(index.takeFirst(['nothing', ME.key, FEED.key], 'strict')).toMatchObject({ at: 1, result: { exhausted: { request: ME } } });
    expect(index.takeFirst(['nothing'], 'strict')).toBeUndefined();
  });
});

describe('a request described in a miss', () => {
  it.each<[string, NormalizedRequest, string]>([
    ['method, path and parameters', normal('GET', '/v25.0/1/feed', [['fields', 'id'], ['limit', '2']]), 'GET /v25.0/1/feed fields=id&limit=2'],
    ['no parameters', ME, 'GET /v25.0/me'],
    ['a secret this cassette does not hold, never its value', normal('GET', '/v25.0/me', [['access_token', 'EAAreal']]), 'GET /v25.0/me access_token=<a secret not in this cassette>'],
    ['a placeholder, shown as it stands', normal('GET', '/v25.0/me', [['access_token', 'redacted-access_token-1']]), 'GET /v25.0/me access_token=redacted-access_token-1'],
    ['a long value cut to 60 characters', normal('GET', '/x', [['q', 'a'.repeat(80)]]), `GET /x q=${'a'.repeat(57)}...`],
  ])('%s', (_, request, text) => {
    expect(describeRequest(request)).toBe(text);
  });
});

describe('how a request differs from a recorded one', () => {
  it.each<[string, NormalizedRequest, NormalizedRequest, string[]]>([
    ['the same request: no difference', FEED, FEED, []],
    ['another method', normal('POST', '/v25.0/me'), ME, ['method POST here, GET recorded']],
    ['another path', normal('GET', '/v25.0/2/feed', [['limit', '2']]), FEED, ['path /v25.0/2/feed here, /v25.0/1/feed recorded']],
    ['a parameter more', normal('GET', '/v25.0/1/feed', [['after', 'c'], ['limit', '2']]), FEED, ['after sent here, not recorded']],
    ['a parameter fewer', normal('GET', '/v25.0/1/feed'), FEED, ['limit recorded ("2"), not sent here']],
    ['another value', normal('GET', '/v25.0/1/feed', [['limit', '3']]), FEED, ['limit: "3" here, "2" recorded']],
    ['another token, never shown', normal('GET', '/v25.0/me', [['access_token', 'EAAnew']]), normal('GET', '/v25.0/me', [['access_token', 'redacted-access_token-1']]), ['access_token: <a secret not in this cassette> here, "redacted-access_token-1" recorded']],
  ])('%s', (_, live, recorded, diffs) => {
    expect(differences(live, recorded)).toEqual(diffs);
  });
});

describe('a miss explained', () => {
  it('names the nearest recorded requests first, at most three, each with how it differs', () => {
    const index = indexOf(normal('POST', '/v25.0/9/photos'), normal('GET', '/v25.0/1/feed', [['limit', '5']]), ME, normal('GET', '/v25.0/1/comments'));
    const miss = explainMiss(FEED, index);
    expect(miss.reason).toBe('no recorded exchange matches this request');
    expect(miss.nearest.map((n) => n.index)).toEqual([1, 3, 2]);
    expect(miss.nearest[0]).toEqual({ index: 1, request: 'GET /v25.0/1/feed limit=5', differences: ['limit: "2" here, "5" recorded'] });
    expect(formatMiss(miss).split('\n')).toEqual([
      'replay miss: GET /v25.0/1/feed limit=2: no recorded exchange matches this request',
      '  nearest #1 GET /v25.0/1/feed limit=5: limit: "2" here, "5" recorded',
      expect.stringMatching(/^ {2}nearest #3 GET \/v25\.0\/1\/comments: path /),
      expect.stringMatching(/^ {2}nearest #2 GET \/v25\.0\/me: path /),
    ]);
  });

  it('over an empty cassette says so', () => {
    expect(explainMiss(FEED, new MatchIndex())).toEqual({ request: 'GET /v25.0/1/feed limit=2', reason: 'the cassette has no exchanges to replay', nearest: [] });
  });

  it('for a request asked more often than recorded, says so and how to repeat the last answer', () => {
    const index = indexOf(FEED, FEED);
    index.take(FEED.key, 'strict');
    index.take(FEED.key, 'strict');
    const result = index.take(FEED.key, 'strict');
    const miss = explainMiss(FEED, index, result && 'exhausted' in result ? result.exhausted : undefined);
    expect(miss.reason).toMatch(/^all 2 recorded answers to this request were already replayed \(strict order\): .*use --match last/);
    expect(miss.nearest).toEqual([{ index: 0, request: 'GET /v25.0/1/feed limit=2', differences: [] }]);
  });
});

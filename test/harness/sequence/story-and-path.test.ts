import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../harness/model/index.js';
import { sequenceLines } from '../../../harness/reports/describe-failure.js';
import { formatSequencePath, parseSequencePath } from '../../../harness/sequence/sequence-path.js';
import { storyOf, storyStep } from '../../../harness/sequence/story.js';

const exchange = (method: string, url: string, status: number, body: string): Exchange =>
  ({ request: { method, url, headers: {} }, response: { status, headers: {}, body } }) as unknown as Exchange;

describe('a failing sequence as a story', () => {
  it('numbers the operations with their request lines (no token) and answers, then what the model expected and got', () => {
    const create = exchange('POST', 'http://127.0.0.1:1/v25.0/2000001_1/comments?access_token=secret', 200, '{"id":"9"}');
    const pages = [exchange('GET', 'http://127.0.0.1:1/v25.0/2000001_1/comments?summary=true', 200, '{"data":[]}'), exchange('GET', 'http://127.0.0.1:1/v25.0/2000001_1/comments?after=x', 200, '{"data":[]}')];
    const evidence = [create, ...pages];
    const steps = [storyStep(1, 'comment', '', [create], evidence), storyStep(2, 'read-toplevel', 'query {"summary":true}', pages, evidence)];
    expect(steps[0]?.requests).toEqual(['POST /v25.0/2000001_1/comments']);
    expect(steps[1]?.outcome).toBe('2 answers (HTTP 200)');
    const story = storyOf(steps, { finding: 'comments 9 is listed nowhere', model: ['comments: #1 id 9'], expected: 'listed once each: 9', actual: 'listed: none' });
    expect(sequenceLines(story)).toEqual([
      'sequence (shrunk to 2 operations):',
      '  1. comment: POST /v25.0/2000001_1/comments -> HTTP 200 {"id":"9"} [exchange #1]',
      '  2. read-toplevel (query {"summary":true}): GET /v25.0/2000001_1/comments?summary=true, GET /v25.0/2000001_1/comments?after=x -> 2 answers (HTTP 200) [exchange #2, #3]',
      '  at 2, the model held: comments: #1 id 9',
      '  the model expected: listed once each: 9',
      '  what came back: listed: none',
    ]);
  });
});

describe('--sequence-path', () => {
  it('reads back what a failure printed: the counterexample path, the replay path and the operations left out', () => {
    const printed = formatSequencePath('1:7:6', 'commands: [comment, read] /*replayPath="LC4:F"*/');
    expect(printed).toBe('1:7:6@LC4:F');
    expect(parseSequencePath(`${printed}~2,5`)).toEqual({ path: '1:7:6', replayPath: 'LC4:F', left: [2, 5] });
  });

  it('refuses anything else with a one-line usage error', () => {
    expect(() => parseSequencePath('nonsense')).toThrow(/--sequence-path nonsense: expected the path a sequence failure printed/);
  });
});

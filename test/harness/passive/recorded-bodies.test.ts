import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readForeignTraffic } from '../../../harness/cassette/read-foreign.js';
import { checkTraffic } from '../../../harness/passive/check-traffic.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { harEntry, harOf } from '../../helpers/har.js';
import { judging } from '../../helpers/traffic-judging.js';
import { ERROR_PATHS } from '../../helpers/check-input.js';
import { shippedSuites } from '../../helpers/shipped-suites.js';

const dir = tempDir('graphcheck-bodies-');
afterAll(() => dir.cleanup());

async function verdictsOf(file: string): Promise<Record<string, string>> {
  const { exchanges } = await readForeignTraffic(file);
  const result = await checkTraffic(await shippedSuites('feed'), { name: file, exchanges }, judging({ errorPaths: ERROR_PATHS }, { name: file }));
  return Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
}

describe('recordings whose response body is not there as text', () => {
  it('a HAR saved without response content is not judged on the body it did not keep', async () => {
    const entry = harEntry('POST', 'https://graph.example/v25.0/2000001/feed', {
      request: { headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], bodySize: 9, postData: { mimeType: 'application/x-www-form-urlencoded', text: 'message=a' } },
      response: { content: { size: 24, mimeType: 'application/json' }, bodySize: 24 },
    });
    const file = dir.path('no-content.har');
    writeFileSync(file, harOf([entry]));
    expect((await verdictsOf(file))['feed.post-returns-id']).toBe('skipped');
  });

  it('a HAR whose request body was sent but not kept is not judged as a request without parameters', async () => {
    const entry = harEntry('POST', 'https://graph.example/v25.0/2000001/feed', {
      request: { bodySize: 9 },
      response: { content: { size: 20, mimeType: 'application/json', text: '{"id":"2000001_7"}' }, bodySize: 20 },
    });
    const file = dir.path('no-post-data.har');
    writeFileSync(file, harOf([entry]));
    expect((await verdictsOf(file))['feed.post-link-or-message-required']).toBe('skipped');
  });

  it('a vcrpy cassette that kept the gzip bytes is judged on the JSON they hold', async () => {
    const page = JSON.stringify({ data: [{ id: '2000001_1', message: 'hi' }], paging: { cursors: { before: 'a', after: 'b' } } });
    const bytes = gzipSync(Buffer.from(page));
    const yaml = [
      'interactions:',
      '- request:',
      '    body: null',
      '    headers: {}',
      '    method: GET',
      '    uri: https://graph.example/v25.0/2000001/feed?limit=1',
      '  response:',
      '    body:',
      `      string: !!binary |\n        ${bytes.toString('base64')}`,
      '    headers:',
      '      Content-Encoding: [gzip]',
      '      Content-Type: [application/json]',
      '    status: {code: 200, message: OK}',
      'version: 1',
    ].join('\n');
    const file = dir.path('vcrpy-gzip.yaml');
    writeFileSync(file, yaml);
    const { exchanges } = await readForeignTraffic(file);
    expect(exchanges[0]?.response?.body).toBe(page);
    expect((await verdictsOf(file))['feed.get-limit-caps-page']).toBe('passed');
  });
});

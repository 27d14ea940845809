import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readForeignTraffic } from '../../../harness/cassette/read-foreign.js';
import { judgeTraffic } from '../../../harness/passive/check-traffic.js';
import { tempDir } from '../../helpers/temp-dir.js';
import { harEntry, harOf } from '../../helpers/har.js';
import { judging } from '../../helpers/traffic-judging.js';
import { ERROR_PATHS } from '../../helpers/check-input.js';
import { shippedSuites } from '../../helpers/shipped-suites.js';

const dir = tempDir('graphcheck-stripped-');
afterAll(() => dir.cleanup());
const PAGE = JSON.stringify({ data: [{ id: '2000001_1', message: 'hi' }], paging: { cursors: { before: 'a', after: 'b' } } });
const RULE = 'feed.get-needs-page-token';

/** A feed read answered with a page, its request carrying no credential (as a sanitized HAR export leaves it). */
const bareRead = harEntry('GET', 'https://graph.example/v25.0/2000001/feed?limit=1', {
  response: { content: { size: PAGE.length, mimeType: 'application/json', text: PAGE }, bodySize: PAGE.length },
});
const tokenRead = harEntry('GET', 'https://graph.example/v25.0/2000001/feed?limit=1&access_token=EAAB-page', {
  response: { content: { size: PAGE.length, mimeType: 'application/json', text: PAGE }, bodySize: PAGE.length },
});

async function judged(name: string, entries: unknown[]) {
  const file = dir.path(name);
  writeFileSync(file, harOf(entries));
  const { exchanges } = await readForeignTraffic(file);
  const { run: result, account } = await judgeTraffic(await shippedSuites('feed'), { name: file, exchanges }, judging({ errorPaths: ERROR_PATHS }, { name: file }));
  return { rule: result.results.find((r) => r.rule === RULE)!, account };
}

describe('requests without a credential in a recording', () => {
  it('are not held against the target where no request of the traffic carried one (credentials stripped)', async () => {
    const { rule } = await judged('stripped.har', [bareRead, bareRead]);
    expect(rule.verdict).toBe('skipped');
    expect(rule.reason).toMatch(/no request of this traffic carried one/);
  });

  it('are judged once another request of the traffic shows a credential, before or after them', async () => {
    expect((await judged('after.har', [bareRead, tokenRead])).rule.verdict).toBe('failed');
    expect((await judged('before.har', [tokenRead, bareRead])).rule.verdict).toBe('failed');
  });

  it('held until a credential shows up, a large answer is kept by its start, size and hash, and still judged', async () => {
    const big = JSON.stringify({ data: [{ id: '2000001_1', message: 'x'.repeat(2 * 1024 * 1024) }] });
    const bigRead = harEntry('GET', 'https://graph.example/v25.0/2000001/feed?limit=1', {
      response: { content: { size: big.length, mimeType: 'application/json', text: big }, bodySize: big.length },
    });
    const { rule } = await judged('big-held.har', [bigRead, tokenRead]);
    expect(rule.verdict).toBe('failed');
    const kept = rule.evidence[0]!.response!;
    expect(kept.body.length).toBeLessThanOrEqual(4096);
    expect(kept.bodyTooLarge).toMatchObject({ size: big.length });
  });
});

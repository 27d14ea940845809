import { describe, expect, it } from 'vitest';
import { judgeTraffic } from '../../../harness/passive/check-traffic.js';
import type { Exchange } from '../../../harness/model/index.js';
import { judging } from '../../helpers/traffic-judging.js';
import { ERROR_PATHS } from '../../helpers/check-input.js';
import { shippedSuites } from '../../helpers/shipped-suites.js';

const RULE = 'feed.get-needs-page-token';
const JSON_TYPE = { 'content-type': 'application/json' };

function exchange(kind: 'api' | 'control', method: string, url: string, status: number, body: unknown): Exchange {
  return {
    kind,
    request: { method, url, headers: {} },
    response: { status, headers: JSON_TYPE, body: JSON.stringify(body) },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  };
}

/** A feed read without a token, refused: held until a request of the traffic shows a credential. */
const bareRefused = () =>
  exchange('api', 'GET', 'http://127.0.0.1:9/v25.0/2000001/feed?limit=1', 400, {
    error: { message: 'An access token is required to request this resource.', type: 'OAuthException', code: 104 },
  });
/** Its valid twin: the same read with a Page token, answered with a page. */
const tokenRead = () =>
  exchange('api', 'GET', 'http://127.0.0.1:9/v25.0/2000001/feed?limit=1&access_token=EAAB-page', 200, { data: [], paging: {} });
/** A control `reset`: the state (and what a refusal counts next to, R51) starts over. */
const reset = () => exchange('control', 'POST', 'http://127.0.0.1:9/control/reset', 200, { ok: true });

async function verdictOver(exchanges: Exchange[]) {
  const { run: result } = await judgeTraffic(await shippedSuites('feed'), { name: 'memory', exchanges }, judging({ errorPaths: ERROR_PATHS }));
  return result.results.find((r) => r.rule === RULE)!;
}

describe('a refusal held for want of a credential in the traffic', () => {
  it('counts next to its twin accepted in its own state, though a reset came before it was judged', async () => {
    const rule = await verdictOver([bareRefused(), tokenRead(), reset()]);
    expect(rule.verdict).toBe('passed');
    expect(rule.judged).toBe(1);
  });

  it('does not count next to a twin accepted only in a later state (R51: the same state)', async () => {
    const rule = await verdictOver([bareRefused(), reset(), tokenRead()]);
    expect(rule.verdict).toBe('skipped');
    expect(rule.judged).toBe(0);
  });
});

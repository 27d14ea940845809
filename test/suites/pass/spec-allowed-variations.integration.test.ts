import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SUITES_DIR } from '../../../bin/commands/run.js';
import { startVaryingFront } from '../../helpers/varying-front.js';
import { runWebhookSuites } from '../../helpers/run-webhook-suites.js';

// The webhook suites judge what the target sends, which the front does not touch; they run against the plain
// reference elsewhere (suites-webhooks).
const WEBHOOK_SUITES = ['subscriptions', 'webhooks'];
const API_SUITES = readdirSync(SUITES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''))
  .filter((s) => !WEBHOOK_SUITES.includes(s));
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('a correct target whose answers vary only where the spec leaves them open', () => {
  it('passes every rule: other error statuses, another Content-Type, key order, extra members, paging links without the token', async () => {
    let front = '';
    let varied = { successes: 0, errors: 0 };
    const result = await runWebhookSuites({
      suites: API_SUITES,
      seed: 5,
      before: async (reference) => {
        const started = await startVaryingFront(reference.url);
        closers.push(started.close);
        front = started.url;
        varied = started.varied;
      },
      profile: (profile) => ({ ...profile, base_url: front, auth_url: front, imgnet_base_url: front }),
    });
    const notPassed = result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
    expect(notPassed).toEqual([]);
    expect(result.results.length).toBeGreaterThan(140);
    expect(varied.successes).toBeGreaterThan(500);
    expect(varied.errors).toBeGreaterThan(100);
  });
});

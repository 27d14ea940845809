import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SUITES_DIR } from '../../bin/commands/run.js';
import { startVaryingFront } from '../helpers/varying-front.js';
import { runWebhookSuites } from '../suites-webhooks/run-webhook-suites.js';

const ALL_SUITES = readdirSync(SUITES_DIR).filter((f) => f.endsWith('.yaml')).map((f) => f.replace(/\.yaml$/, ''));
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('a correct target whose answers vary only where the spec leaves them open', () => {
  it('passes every rule: other error statuses, another Content-Type, key order, extra members, paging links without the token', async () => {
    let front = '';
    let varied = { successes: 0, errors: 0 };
    const result = await runWebhookSuites({
      suites: ALL_SUITES,
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
    expect(result.results.length).toBeGreaterThan(170);
    expect(varied.successes).toBeGreaterThan(500);
    expect(varied.errors).toBeGreaterThan(100);
  });
});

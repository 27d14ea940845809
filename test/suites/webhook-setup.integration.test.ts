import { describe, expect, it } from 'vitest';
import { runAgainstReference } from '../helpers/run-reference.js';

describe('a webhook rule whose subscription cannot be made', () => {
  it('is error naming the setup step, not failed: the delivery it states was never reached', async () => {
    // The switch makes the target verify callbacks without its client certificate, which the run's mTLS receiver
    // refuses: every subscription is refused before any notification is due.
    const result = await runAgainstReference({ faults: ['webhooks-mtls-no-client-cert'], rules: ['webhooks.notification-signed', 'webhooks.only-subscribed-fields'], runs: 1 });
    expect(result.results.map((r) => [r.rule, r.verdict])).toEqual([
      ['webhooks.notification-signed', 'error'],
      ['webhooks.only-subscribed-fields', 'error'],
    ]);
    for (const r of result.results) expect(r.reason).toMatch(/setup|subscri/i);
  });
});

import { it } from 'vitest';
import { runAgainstReference } from '../helpers/run-reference.js';
it('probe', async () => {
  await runAgainstReference({ seed: 1, rules: ['feed.get-list-shape'] });
  for (const rules of [['feed.get-list-shape'], ['webhooks.notification-signed']]) {
    const t0 = Date.now(); const c0 = process.cpuUsage();
    for (let i = 0; i < 10; i++) await runAgainstReference({ seed: 1, rules });
    const c = process.cpuUsage(c0);
    console.log('PROBE', rules[0], 'per run wall ms', (Date.now() - t0) / 10, 'cpu ms', (c.user + c.system) / 1e4);
  }
}, 300_000);

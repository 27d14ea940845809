import { runAgainstReference } from '../test/helpers/run-reference.js';
for (const c of [1, 8]) {
  const t0 = Date.now();
  const r = await runAgainstReference({ suites: (process.env.S ?? 'webhooks').split(','), seed: 5, concurrency: c });
  console.log(`c${c} wall ${(Date.now() - t0) / 1000}`);
  console.log(r.results.map((x) => `${x.rule.replace(/^\w+\./, '')} ${x.durationMs}`).join(', '));
}

import { runAgainstReference } from '../test/helpers/run-reference.js';
const r = await runAgainstReference({ suites: ['webhooks'], faults: (process.env.F ?? '').split(',').filter(Boolean), seed: 5, concurrency: Number(process.env.C ?? 8) });
for (const x of r.results.filter((x) => x.verdict !== 'passed').slice(0, 4)) console.log(x.rule, x.verdict, x.reason);

// Every benchmark, one after the other, on the same machine: node bin/run-ts.js bench/run.ts [rounds]
await import('./replay-vs-bare.js');
await import('./recorder-overhead.js');
await import('./full-run.js');

#!/usr/bin/env node
// Runs a TypeScript entry point (benchmarks, scripts) through tsx: `node bin/run-ts.js FILE [ARGS]`.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const [entry] = process.argv.splice(2, 1);
if (!entry) {
  process.stderr.write('usage: node bin/run-ts.js FILE.ts [ARGS]\n');
  process.exit(2);
}
await import(pathToFileURL(resolve(entry)).href);

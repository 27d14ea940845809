#!/usr/bin/env node
// Compiles the package into dist/ (`npm run build`; `prepare` and `prepack` run it): JavaScript and declarations
// of bin/, harness/ and reference/, then the index of the shipped suites, loaded and validated once by the compiled
// loader (harness/suite-loading/suite-index.ts). dist/ is emptied first, so nothing of a deleted source stays in it.
// `npm pack` and `npm publish` run prepack and then prepare: prepare is skipped there, prepack has just built.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lifecycle = process.env.npm_lifecycle_event;
const command = process.env.npm_command;
if (lifecycle === 'prepare' && (command === 'pack' || command === 'publish')) process.exit(0);

rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// GRAPHCHECK_BUILD=typecheck-all (.ci/run): one compiler pass that type-checks the whole project (tests, bench
// and scripts too, as `npm run typecheck` does) and builds dist/ from it, instead of a build and a typecheck that
// each read every source (36 CPU-seconds each). tsconfig.build.json is tsconfig.json with the emit on, so each file
// compiles to the same output; the rest of the project's output is dropped.
const typecheckAll = process.env.GRAPHCHECK_BUILD === 'typecheck-all';
const staged = join(root, 'dist.staged');
rmSync(staged, { recursive: true, force: true });
const args = typecheckAll
  ? ['-p', join(root, 'tsconfig.json'), '--noEmit', 'false', '--declaration', '--rootDir', root, '--outDir', staged]
  : ['-p', join(root, 'tsconfig.build.json')];
const built = spawnSync(process.execPath, [tsc, ...args], { stdio: 'inherit' });
if (built.status !== 0) {
  rmSync(staged, { recursive: true, force: true });
  process.exit(built.status ?? 1);
}
if (typecheckAll) {
  mkdirSync(join(root, 'dist'));
  for (const folder of ['bin', 'harness', 'reference']) renameSync(join(staged, folder), join(root, 'dist', folder));
  rmSync(staged, { recursive: true, force: true });
}

const compiled = (path) => import(pathToFileURL(join(root, 'dist', path)).href);
const [{ writeSuiteIndex }, { SUITES_DIR }] = await Promise.all([
  compiled('harness/suite-loading/write-suite-index.js'),
  compiled('harness/suite/suites-dir.js'),
]);
await writeSuiteIndex(SUITES_DIR);

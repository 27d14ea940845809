// One file for everything that needs the packed package: `npm pack` rebuilds dist/ (prepack), so two files packing
// at once would empty each other's dist/ half-way.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../reference/index.js';
import { playAction } from './play-action.js';
import { distIsCurrent } from '../helpers/built-cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const exec = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; a non-zero exit is an outcome, not an exception. */
async function sh(command: string, args: string[], cwd: string, timeout = 240_000): Promise<Outcome> {
  try {
    const { stdout, stderr } = await exec(command, args, { cwd, timeout, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(error) };
  }
}

/** Seconds since `started`, for the timings the test prints (they must fit the CI budget). */
function took(started: number): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

interface DependencyTree {
  dependencies?: Record<string, DependencyTree>;
}

/** Every package name in an `npm ls --all --json` tree. */
function namesIn(tree: DependencyTree): string[] {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, below]) => [name, ...namesIn(below)]);
}

let app: string;
/** The installed package's folder (app/node_modules/graphcheck). */
let installed: string;
/** The paths `npm pack` put in the tarball. */
let packed: string[];
/** The tarball `npm pack` made. */
let tarball: string;

beforeAll(async () => {
  const work = tempFolder('graphcheck-package-');
  let started = Date.now();
  // prepack builds dist/ again unless it is newer than every source it is built from (CI has just built it).
  const current = distIsCurrent();
  const pack = await sh('npm', ['pack', '--json', ...(current ? ['--ignore-scripts'] : []), '--pack-destination', work], ROOT);
  expect(pack.code, pack.stderr).toBe(0);
  // prepack's tsc prints nothing when it succeeds, so stdout is npm's JSON alone.
  const [manifest] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  packed = manifest!.files.map((f) => f.path);
  tarball = join(work, manifest!.filename);
  process.stdout.write(`package: npm pack ${current ? 'of the built dist/' : 'with a build'} ${took(started)}\n`);
  app = join(work, 'app');
  await mkdir(app);
  started = Date.now();
  // From npm's cache when `npm ci` filled it; the registry only for what is missing.
  const install = await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, manifest!.filename)], app);
  expect(install.code, install.stderr).toBe(0);
  installed = join(app, 'node_modules', 'graphcheck');
  process.stdout.write(`package: npm install of the tarball ${took(started)}\n`);
}, 480_000);

const WEBHOOK_RULES = 'webhooks.mtls-client-certificate,webhooks.notification-signed,webhooks.retry-immediately';

describe('the packed package, installed in an empty folder outside the repository', () => {
  it('holds compiled JavaScript and no TypeScript loader: no .ts but declarations, no tsx in its dependency tree', async () => {
    expect(packed).toEqual(expect.arrayContaining(['package.json', 'dist/bin/cli.js', 'dist/bin/api.js', 'dist/bin/api.d.ts', 'suites/feed.yaml', 'action.yml']));
    expect(packed.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(packed.filter((f) => /^(test|bench|scripts|bin|harness|reference)\//.test(f))).toEqual([]);
    const tree = await sh('npm', ['ls', '--all', '--json'], app);
    const names = namesIn(JSON.parse(tree.stdout) as DependencyTree);
    expect(names).toEqual(expect.arrayContaining(['graphcheck', 'commander', 'undici', 'mockttp']));
    expect(names).not.toContain('tsx');
    await expect(stat(join(app, 'node_modules', 'tsx'))).rejects.toMatchObject({ code: 'ENOENT' });
    const bin = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')).bin as Record<string, string>;
    expect(bin).toEqual({ graphcheck: 'dist/bin/cli.js' });
  });

  // A few rules: the gate below runs four suites with the installed CLI, against a reference started from the sources.
  // These three take the most of the package's dependencies into its embedded reference (its mTLS identity, its
  // signed deliveries and their retries on its clock) and into the run (its CA and receiver).
  it('npx graphcheck run runs the embedded reference and exits 0; list lists the rules', async () => {
    const started = Date.now();
    const out = await sh('npx', ['graphcheck', 'run', '--rule', WEBHOOK_RULES, '--runs', '2', '--quiet', '--seed', '8', '--report-dir', 'reports'], app);
    process.stdout.write(`package: npx graphcheck run ${took(started)}\n`);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^PASSED: (\d+) passed, 0 failed, 0 warned, 0 skipped, 0 error \(seed 8\)$/m);
    const report = JSON.parse(await readFile(join(app, 'reports', 'report.json'), 'utf8'));
    expect(report.results.map((r: { rule: string }) => r.rule).sort()).toEqual(WEBHOOK_RULES.split(',').sort());
    expect(report.tool.version).toBe(JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).version);
    const listed = await sh('npx', ['graphcheck', 'list', '--rule', WEBHOOK_RULES], app);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${report.results.length} rule\\(s\\)$`, 'm'));
    const all = await sh('npx', ['graphcheck', 'list'], app);
    expect(Number(/^(\d+) rule\(s\)$/m.exec(all.stdout)?.[1])).toBeGreaterThan(300);
  }, 300_000);

  it('import { run } from "graphcheck" works from plain Node, with types a TypeScript importer checks', async () => {
    await writeFile(
      join(app, 'use.mjs'),
      `import { run, listRules, UserInputError } from 'graphcheck';
const listed = await listRules({ endpoints: ['POST /{page_id}/feed'] });
const { exitCode, result } = await run({ rules: ['feed.get-list-shape'], seed: 3, reportDir: 'api-reports' });
let code;
try { await run({ rules: ['nosuch.rule'] }); } catch (e) { code = e instanceof UserInputError && e.code; }
console.log(JSON.stringify({ listed: listed.length, exitCode, passed: result.summary.passed, seed: result.seed, code }));
`,
    );
    const out = await sh(process.execPath, ['use.mjs'], app);
    expect(out.code, out.stderr).toBe(0);
    const seen = JSON.parse(out.stdout.trim().split('\n').at(-1)!);
    expect(seen).toMatchObject({ exitCode: 0, passed: 1, seed: 3, code: 'USAGE' });
    expect(seen.listed).toBeGreaterThan(10);

    await writeFile(join(app, 'good.mts'), `import { run, type RunResult } from 'graphcheck';\nconst r: RunResult = (await run({ suites: ['feed'] })).result;\nexport const n: number = r.summary.warned;\n`);
    await writeFile(join(app, 'bad.mts'), `import { run } from 'graphcheck';\nawait run({ suite: ['feed'] });\n`);
    // One compiler for both files (a start of tsc is seconds): the bad one's error, and none in the good one.
    const checked = await sh(process.execPath, [TSC, '--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', '--typeRoots', join(ROOT, 'node_modules', '@types'), 'good.mts', 'bad.mts'], app);
    expect(checked.code).not.toBe(0);
    const errors = checked.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors, checked.stdout).toHaveLength(1);
    expect(errors[0]).toMatch(/^bad\.mts\(2,\d+\): error TS\d+: .*'suite' does not exist in type 'RunOptions'/);
  }, 120_000);
});

describe('action.yml, the composite GitHub Action, played from the installed package', () => {
  it('doctor, run with a baseline, summary.md into the job summary, junit path out; the gate fails on a stale entry', async () => {
    const workspace = tempFolder('graphcheck-action-');
    await writeFile(join(workspace, 'baseline.yaml'), 'known:\n  - rule: feed.get-limit-over-100-refused\n    verdict: failed\n    reason: not capped yet\n');
    const inputs = { baseline: 'baseline.yaml', seed: '6', args: '--rule feed.get-limit-* --runs 2' };
    const green = await playAction(installed, { ...inputs, args: `${inputs.args} --fault feed-limit-not-capped`, doctor: 'false' }, workspace);
    expect(green.ran).toEqual(['graphcheck run', 'Gate on the verdict']);
    expect(green.code).toBe(0);
    expect(green.outputs).toEqual({ 'exit-code': '0', junit: 'graphcheck-reports/junit.xml' });
    expect(green.summary).toMatch(/^# graphcheck PASSED: 1 passed, 0 failed, 0 warned, 0 skipped, 0 error, 1 known/);
    expect(await readFile(join(workspace, 'graphcheck-reports', 'junit.xml'), 'utf8')).toMatch(/<skipped message="known failed \(baseline\): not capped yet"\/>/);

    // A workspace without the baseline file: the user's mistake is the job's exit code (2).
    const missing = await playAction(installed, { ...inputs, doctor: 'false' }, tempFolder('graphcheck-action-'));
    expect(missing.code).toBe(2);
    const red = await playAction(installed, inputs, workspace);
    expect(red.ran).toEqual(['graphcheck doctor', 'graphcheck run', 'Gate on the verdict']);
    expect(red.code).toBe(1);
    expect(red.summary).toMatch(/^# graphcheck FAILED: 2 passed, 0 failed, 0 warned, 0 skipped, 0 error, 1 stale baseline entry/);
  }, 300_000);
});

/**
 * What the docs/ci.md gate runs here (a full run from the sources is the behind-proxy test's): a rule of each kind,
 * through the compiled package. A sequence, a paged walk and a property (feed, paging); an upload (photos); a generated
 * sweep; the CA, mTLS, signed deliveries and retries on the clock (webhooks, subscriptions). Four whole suites (about
 * 170 rules) took 10-12 s more of each CI run; every rule passing is the behind-proxy test's.
 */
const GATE_RULES = [
  'feed.sequence-against-the-model',
  'paging.feed.posts',
  'feed.get-limit-caps-page',
  'photos.post-wrong-types-refused',
  'sweep.feed.types.read',
  'subscriptions.verify-token-sent-exactly',
  'webhooks.notification-signed',
  'webhooks.retry-until-delivered',
];
/** The shards' selection, a glob as a user's config may hold (shards of a whole run: shard-merge.integration.test.ts). */
const SHARDED = 'feed.get-*';

/** The shell blocks of docs/ci.md marked `# doc-block: NAME`, by name. */
async function ciBlocks(): Promise<Record<string, string>> {
  const text = await readFile(join(ROOT, 'docs', 'ci.md'), 'utf8');
  const blocks: Record<string, string> = {};
  for (const [, name, body] of text.matchAll(/```sh\n# doc-block: (\S+)\n([\s\S]*?)```/g)) blocks[name!] = body!;
  return blocks;
}

describe('docs/ci.md, run as written from the tarball a clone makes', () => {
  it('installs the tarball, doctor and the gate pass against a correct target; shards merge', async () => {
    const blocks = await ciBlocks();
    expect(Object.keys(blocks).sort()).toEqual(['gate', 'shards']);
    const ci = tempFolder('graphcheck-ci-');
    // The name docs/ci.md installs: a version bump that the document does not follow fails here.
    await copyFile(tarball, join(ci, tarball.split('/').at(-1)!));
    const reference = await startReference();
    try {
      await writeFile(join(ci, 'graphcheck-profile.yaml'), JSON.stringify(reference.profile));
      await writeFile(join(ci, 'graphcheck-baseline.yaml'), 'known: []\n');
      const env = { TARGET: (reference.profile as { base_url: string }).base_url, N: '2', SEED: '7' };
      const run = (block: string) =>
        promisify(execFile)('bash', ['-c', block], { cwd: ci, timeout: 400_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env, npm_config_update_notifier: 'false', npm_config_prefer_offline: 'true' } })
          .then(({ stdout }) => ({ code: 0, stdout }))
          .catch((e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, stdout: `${e.stdout ?? ''}${e.stderr ?? ''}` }));
      // A user's graphcheck.config.yaml in the folder narrows the run, the block runs as written.
      // Every rule of a full run passing is test/suites/pass/behind-proxy.integration.test.ts.
      await writeFile(join(ci, 'graphcheck.config.yaml'), `rules: [${GATE_RULES.join(', ')}]\n`);
      // The dependencies the first install put in place, as hard links: the block's own install then finds them
      // (6 s instead of 20). The install into an empty folder is the one before all tests.
      expect((await sh('cp', ['-al', join(app, 'node_modules'), join(ci, 'node_modules')], ci)).code).toBe(0);
      let started = Date.now();
      const gate = await run(blocks.gate!);
      process.stdout.write(`package: docs/ci.md gate (install, doctor, run) ${took(started)}\n`);
      expect(gate.code, gate.stdout).toBe(0);
      expect(gate.stdout).toMatch(/^profile and target agree$/m);
      expect(gate.stdout).toMatch(/^PASSED: \d+ passed, 0 failed, 0 warned, 0 skipped, 0 error/m);
      const gated = JSON.parse(await readFile(join(ci, 'graphcheck-reports', 'report.json'), 'utf8')) as { results: { rule: string; suite: string }[] };
      expect(gated.results.map((r) => r.rule).sort()).toEqual([...GATE_RULES].sort());
      // The shards, selected the same way.
      await writeFile(join(ci, 'graphcheck.config.yaml'), `rules: ['${SHARDED}']\n`);
      started = Date.now();
      const shards = await run(blocks.shards!);
      process.stdout.write(`package: docs/ci.md shards ${took(started)}\n`);
      expect(shards.code, shards.stdout).toBe(0);
      const merged = JSON.parse(await readFile(join(ci, 'reports', 'merged', 'report.json'), 'utf8')) as { results: { rule: string }[] };
      const listed = await sh('npx', ['graphcheck', 'list', '--rule', SHARDED], app);
      const sharded = listed.stdout.split('\n').filter((line) => /^feed\.get-\S+ /.test(line)).map((line) => line.split(' ')[0]!);
      expect(sharded.length).toBeGreaterThan(5);
      expect(merged.results.map((r) => r.rule).sort()).toEqual(sharded.sort());
    } finally {
      await reference.close();
    }
  }, 900_000);
});

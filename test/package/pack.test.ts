import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

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

describe('the packed package, installed in an empty folder outside the repository', () => {
  let app: string;
  beforeAll(async () => {
    const work = await mkdtemp(join(tmpdir(), 'graphcheck-package-'));
    let started = Date.now();
    const pack = await sh('npm', ['pack', '--silent', '--pack-destination', work], ROOT);
    expect(pack.code, pack.stderr).toBe(0);
    const tarball = join(work, pack.stdout.trim().split('\n').at(-1)!);
    process.stdout.write(`package: npm pack ${took(started)}\n`);
    app = join(work, 'app');
    await mkdir(app);
    started = Date.now();
    // From npm's cache when `npm ci` filled it; the registry only for what is missing.
    const install = await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], app);
    expect(install.code, install.stderr).toBe(0);
    process.stdout.write(`package: npm install of the tarball ${took(started)}\n`);
  }, 480_000);

  it('npx graphcheck run runs the embedded reference and exits 0; list lists the rules', async () => {
    const started = Date.now();
    const out = await sh('npx', ['graphcheck', 'run', '--runs', '2', '--quiet', '--seed', '8', '--report-dir', 'reports'], app);
    process.stdout.write(`package: npx graphcheck run ${took(started)}\n`);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^PASSED: (\d+) passed, 0 failed, 0 warned, 0 skipped, 0 error \(seed 8\)$/m);
    const report = JSON.parse(await readFile(join(app, 'reports', 'report.json'), 'utf8'));
    expect(report.results.length).toBeGreaterThan(150);
    expect(report.tool.version).toBe(JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).version);
    const list = await sh('npx', ['graphcheck', 'list'], app);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${report.results.length} rule\\(s\\)$`, 'm'));
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
    const tsc = (file: string) =>
      sh(process.execPath, [TSC, '--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', '--typeRoots', join(ROOT, 'node_modules', '@types'), file], app);
    const good = await tsc('good.mts');
    expect(good.code, good.stdout).toBe(0);
    const bad = await tsc('bad.mts');
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toMatch(/'suite' does not exist in type 'RunOptions'/);
  }, 120_000);
});

import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, main } from '../../bin/main.js';
import { type RunningReference, startReference } from '../../reference/index.js';
import { tempFolder } from '../helpers/temp-dir.js';

const TOKEN_VARIABLE = 'GRAPHCHECK_MAIN_TEST_PAGE_TOKEN';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** One command line through `main`, its output captured. */
async function call(argv: string[], io: Omit<Partial<CliIo>, 'stdout' | 'stderr'> = {}): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { ...io, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe('main: one command line per call, with its own folder and environment', () => {
  let reference: RunningReference;
  let root: string;
  let withConfig: string;
  let bare: string;
  let pageToken: string;
  const exitCodeBefore = process.exitCode;

  beforeAll(async () => {
    reference = await startReference();
    root = tempFolder('graphcheck-main-');
    withConfig = join(root, 'with-config');
    bare = join(root, 'bare');
    await Promise.all([mkdir(withConfig), mkdir(bare)]);
    // The same profile file in both folders; its page token comes from the environment of each call.
    const profile = structuredClone(reference.profile) as { tokens: Record<string, string> };
    pageToken = profile.tokens.page!;
    profile.tokens.page = `\${${TOKEN_VARIABLE}}`;
    const text = JSON.stringify(profile);
    await Promise.all([writeFile(join(withConfig, 'target.json'), text), writeFile(join(bare, 'target.json'), text)]);
    await writeFile(join(withConfig, 'graphcheck.config.yaml'), 'profile: target.json\nsuites: [feed]\nreport_dir: config-reports\n');
  });
  afterAll(async () => {
    await reference.close();
    await rm(root, { recursive: true, force: true });
  });

  it('two calls at once read their own config file, environment and relative paths', async () => {
    const [configured, typo] = await Promise.all([
      call(['doctor'], { cwd: withConfig, env: { [TOKEN_VARIABLE]: pageToken } }),
      call(['doctor', '--profile', 'target.json'], { cwd: bare, env: { [TOKEN_VARIABLE]: 'a-token-with-a-typo' } }),
    ]);
    expect(configured.code, configured.stderr).toBe(0);
    expect(configured.stdout).toMatch(/profile and target agree/);
    // The config's suite selection held only in its own folder.
    const feedOnly = Number(/of (\d+) rules? can run/.exec(configured.stdout)?.[1]);
    expect(typo.code, typo.stderr).toBe(3);
    expect(typo.stdout).toMatch(/problem: profile tokens\.page: the target refuses this token as invalid/);
    const all = Number(/of (\d+) rules? can run/.exec(typo.stdout)?.[1]);
    expect(feedOnly).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(feedOnly);
  });

  it('an environment without the variable is a user error naming it, whatever an earlier call had', async () => {
    await call(['doctor', '--profile', 'target.json'], { cwd: bare, env: { [TOKEN_VARIABLE]: pageToken } });
    const out = await call(['doctor', '--profile', 'target.json'], { cwd: bare, env: {} });
    expect(out.code).toBe(2);
    // The relative --profile resolved against the call's folder: the message names the file that was read.
    const file = join(bare, 'target.json');
    expect(out.stderr).toBe(
      `graphcheck: ${file}:1: /tokens/page uses \${${TOKEN_VARIABLE}} but the environment variable ${TOKEN_VARIABLE} is not set; export it or write the value\n`,
    );
    expect(process.env[TOKEN_VARIABLE]).toBeUndefined();
  });

  it('reports go to the folder of the call that wrote them', async () => {
    const out = await call(['run', '--rule', 'feed.get-list-shape', '--seed', '3', '--quiet'], {
      cwd: withConfig,
      env: { [TOKEN_VARIABLE]: pageToken },
    });
    expect(out.code, out.stdout + out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^PASSED: 1 passed, 0 failed, 0 warned, 0 skipped, 0 error \(seed 3\)$/m);
    const report = JSON.parse(await readFile(join(withConfig, 'config-reports', 'report.json'), 'utf8'));
    expect(report.results.map((r: { rule: string }) => r.rule)).toEqual(['feed.get-list-shape']);
    await expect(stat(join(process.cwd(), 'config-reports'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(bare, 'config-reports'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('flags of one call are gone in the next: each call parses with a program of its own', async () => {
    const feed = await call(['list', '--json', '--suite', 'feed'], { cwd: bare });
    const every = await call(['list', '--json'], { cwd: bare });
    const ids = (out: Outcome) => (JSON.parse(out.stdout) as { id: string; suite: string }[]).map((r) => r.suite);
    expect(new Set(ids(feed))).toEqual(new Set(['feed']));
    expect(new Set(ids(every)).size).toBeGreaterThan(1);
  });

  it('help, version and usage mistakes come back as text and exit codes, never as a process exit', async () => {
    const version = await call(['--version']);
    expect(version).toEqual({ code: 0, stdout: `${JSON.parse(await readFile('package.json', 'utf8')).version}\n`, stderr: '' });
    const help = await call(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['run', 'check', 'webhook-test', 'doctor', 'list', 'merge-reports', 'coverage', 'cassette', 'ca', 'record', 'replay', 'serve-reference']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const unknown = await call(['run', '--no-such-flag']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option '--no-such-flag'/);
    const badSide = await call(['list', '--side', 'sideways']);
    expect(badSide).toEqual({ code: 2, stdout: '', stderr: 'graphcheck: --side sideways: give service, client or callback\n' });
    expect(process.exitCode).toBe(exitCodeBefore);
  });
});

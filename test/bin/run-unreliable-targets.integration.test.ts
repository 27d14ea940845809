import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBadTarget } from '../helpers/bad-targets.js';
import { minimalProfile } from '../helpers/bad-targets.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

async function profileFile(baseUrl: string): Promise<{ file: string; dir: string }> {
  const dir = tempFolder('graphcheck-');
  const file = join(dir, 'target.json');
  await writeFile(file, JSON.stringify(minimalProfile(baseUrl)));
  return { file, dir };
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('a target that cannot be judged', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('down: one line naming base_url, exit 3, no stack trace', async () => {
    const { file } = await profileFile(await closedPortUrl());
    const out = await runCli(['run', '--profile', file, '--timeout', '500']);
    expect(out.code).toBe(3);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toMatch(/base_url .*connection refused/);
    expect(hasStackTrace(out.stderr + out.stdout)).toBe(false);
  });

  it.each(['hang', 'reset', 'not-http'] as const)('%s: one line, exit 3, ends after the per-request timeout', async (behaviour) => {
    const target = await startBadTarget(behaviour);
    stop = target.close;
    const { file } = await profileFile(target.url);
    const out = await runCli(['run', '--profile', file, '--timeout', '300']);
    expect(out.code).toBe(3);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    const said = { hang: /no answer within 300 ms/, reset: /closed the connection without an answer/, 'not-http': /did not answer in HTTP/ };
    expect(out.stderr).toMatch(said[behaviour]);
    expect(hasStackTrace(out.stderr + out.stdout)).toBe(false);
  });

  it('down or hanging behind run --record: still one line and exit 3, not the recorder\'s 502 judged as an answer', async () => {
    const down = await profileFile(await closedPortUrl());
    const refused = await runCli(['run', '--profile', down.file, '--timeout', '500', '--record', join(down.dir, 'down.yaml')]);
    expect(refused.code).toBe(3);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/through the recorder: connection refused/);
    expect(hasStackTrace(refused.stderr + refused.stdout)).toBe(false);

    const target = await startBadTarget('hang');
    stop = target.close;
    const hung = await profileFile(target.url);
    // Bounded by the timeout, not by the hanging target: the recorder drops what it still waits for on close. A run
    // still going after 50 s (its per-request timeout is 300 ms) fails here rather than at the test's timeout.
    const waited = await runCli(['run', '--profile', hung.file, '--timeout', '300', '--record', join(hung.dir, 'hang.yaml')], {}, 50_000);
    expect(waited.code).toBe(3);
    expect(waited.stderr.trim().split('\n')).toHaveLength(1);
    expect(waited.stderr).toMatch(/no answer within 300 ms|did not answer the recorder in time/);
  });

  it('non-JSON answers: rules get `error` verdicts, exit 3, reports written', async () => {
    const target = await startBadTarget('non-json');
    stop = target.close;
    const { file, dir } = await profileFile(target.url);
    const reports = join(dir, 'reports');
    const out = await runCli(['run', '--profile', file, '--suite', 'feed', '--report-dir', reports, '--runs', '2']);
    expect(out.code).toBe(3);
    expect(hasStackTrace(out.stderr + out.stdout)).toBe(false);
    const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8'));
    expect(report.summary.passed).toBe(0);
    expect(report.summary.failed).toBe(0);
    expect(report.summary.error).toBeGreaterThan(0);
    const errored = report.results.filter((r: { verdict: string }) => r.verdict === 'error');
    expect(errored[0].reason).toMatch(/without a JSON body/);
  });
});

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const exec = promisify(execFile);

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
}

/**
 * Plays the composite action's shell steps as a GitHub runner would (the `uses:` steps are GitHub's own
 * actions): expressions `${{ inputs.x }}`, `${{ github.action_path }}` and `${{ steps.run.outputs.x }}` are
 * filled in, `$GITHUB_OUTPUT` and `$GITHUB_STEP_SUMMARY` are files. Returns the last step's exit code.
 */
async function playAction(inputs: Record<string, string>, workspace: string) {
  const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as Action;
  const values = { ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? ''])), ...inputs };
  const output = join(workspace, 'github-output');
  const summary = join(workspace, 'step-summary.md');
  await writeFile(output, '');
  await writeFile(summary, '');
  const outputs = async () => Object.fromEntries((await readFile(output, 'utf8')).split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2)));
  const fill = async (text: string) => {
    const out = await outputs();
    return text
      .replace(/\$\{\{ github\.action_path \}\}/g, ROOT)
      .replace(/\$\{\{ inputs\.([\w-]+) \}\}/g, (_, k: string) => values[k] ?? '')
      .replace(/\$\{\{ steps\.run\.outputs\.([\w-]+) \}\}/g, (_, k: string) => out[k] ?? '');
  };
  let last = { code: 0, stdout: '' };
  const ran: string[] = [];
  for (const step of action.runs.steps) {
    if (step.uses || !step.run || /npm ci/.test(step.run)) continue; // setup-node, upload-artifact; installed already
    if (step.if === "inputs.doctor == 'true'" && values.doctor !== 'true') continue;
    const env = Object.fromEntries(await Promise.all(Object.entries(step.env ?? {}).map(async ([k, v]) => [k, await fill(v)])));
    try {
      const { stdout } = await exec('bash', ['-eo', 'pipefail', '-c', step.run], {
        cwd: workspace,
        env: { ...process.env, ...env, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary },
        maxBuffer: 16 * 1024 * 1024,
      });
      last = { code: 0, stdout };
    } catch (error) {
      last = { code: (error as { code: number }).code, stdout: (error as { stdout: string }).stdout };
      if (step.name !== 'Gate on the verdict') throw new Error(`step ${step.name} failed: ${String(error)}`);
    }
    ran.push(step.name ?? '');
  }
  return { ...last, ran, outputs: await outputs(), summary: await readFile(summary, 'utf8') };
}

describe('action.yml, the composite GitHub Action', () => {
  it('doctor, run with a baseline, summary.md into the job summary, junit path out; the gate fails on a stale entry', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'graphcheck-action-'));
    await writeFile(join(workspace, 'baseline.yaml'), 'known:\n  - rule: feed.get-limit-over-100-refused\n    verdict: failed\n    reason: not capped yet\n');
    const inputs = { baseline: 'baseline.yaml', seed: '6', args: '--rule feed.get-limit-* --runs 2' };
    const green = await playAction({ ...inputs, args: `${inputs.args} --fault feed-limit-not-capped`, doctor: 'false' }, workspace);
    expect(green.ran).toEqual(['graphcheck run', 'Gate on the verdict']);
    expect(green.code).toBe(0);
    expect(green.outputs).toEqual({ 'exit-code': '0', junit: 'graphcheck-reports/junit.xml' });
    expect(green.summary).toMatch(/^# graphcheck PASSED: 1 passed, 0 failed, 0 warned, 0 skipped, 0 error, 1 known/);
    expect(await readFile(join(workspace, 'graphcheck-reports', 'junit.xml'), 'utf8')).toMatch(/<skipped message="known failed \(baseline\): not capped yet"\/>/);

    // A workspace without the baseline file: the user's mistake is the job's exit code (2).
    const missing = await playAction({ ...inputs, doctor: 'false' }, await mkdtemp(join(tmpdir(), 'graphcheck-action-')));
    expect(missing.code).toBe(2);
    const red = await playAction(inputs, workspace);
    expect(red.ran).toEqual(['graphcheck doctor', 'graphcheck run', 'Gate on the verdict']);
    expect(red.code).toBe(1);
    expect(red.summary).toMatch(/^# graphcheck FAILED: 2 passed, 0 failed, 0 warned, 0 skipped, 0 error, 1 stale baseline entry/);
  });
});

import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

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
 * Plays the composite action's shell steps as a GitHub runner would (the `uses:` steps are GitHub's own actions),
 * the action's folder being `actionPath`: expressions `${{ inputs.x }}`, `${{ github.action_path }}` and
 * `${{ steps.run.outputs.x }}` are filled in, `$GITHUB_OUTPUT` and `$GITHUB_STEP_SUMMARY` are files. Returns the
 * last step's exit code.
 */
export async function playAction(actionPath: string, inputs: Record<string, string>, workspace: string) {
  const action = parse(await readFile(join(actionPath, 'action.yml'), 'utf8')) as Action;
  const values = { ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default ?? ''])), ...inputs };
  const output = join(workspace, 'github-output');
  const summary = join(workspace, 'step-summary.md');
  await writeFile(output, '');
  await writeFile(summary, '');
  const outputs = async () => Object.fromEntries((await readFile(output, 'utf8')).split('\n').filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2)));
  const fill = async (text: string) => {
    const out = await outputs();
    return text
      .replace(/\$\{\{ github\.action_path \}\}/g, actionPath)
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

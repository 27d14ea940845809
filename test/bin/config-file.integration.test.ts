import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliOutcome, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

function runIn(cwd: string, args: string[]): Promise<CliOutcome> {
  return runCli(args, {}, 120_000, cwd);
}

// A config file that is refused as it is read: config-file.test.ts.
describe('graphcheck.config.yaml', () => {
  it('is read from the working folder: report folder, timeout, excludes; a flag overrides it', async () => {
    const project = tempFolder('graphcheck-config-');
    await writeFile(
      join(project, 'graphcheck.config.yaml'),
      'report_dir: gate-reports\ntimeout: 5000\nrules: [feed.get-limit-*]\nexclude: [feed.get-limit-caps-page]\nformats: [json, markdown]\n',
    );
    const out = await runIn(project, ['run', '--seed', '3']);
    expect(out.code).toBe(0);
    const report = JSON.parse(await readFile(join(project, 'gate-reports', 'report.json'), 'utf8'));
    expect(report.results.map((r: { rule: string }) => r.rule)).toEqual(['feed.get-limit-over-100-refused']);
    expect(report.results[0].replay).toBe('graphcheck run --rule feed.get-limit-over-100-refused --seed 3 --timeout 5000');
    expect(await stat(join(project, 'gate-reports', 'junit.xml')).catch(() => undefined)).toBeUndefined();

    const override = await runIn(project, ['list', '--rule', 'feed.get-limit-caps-page', '--exclude', 'feed.get-list-shape']);
    // Flags override the config's rules; excludes add up.
    expect(override.code).toBe(2);
    expect(override.stderr).toMatch(/nothing to run: the selection holds no rule/);
  });
});

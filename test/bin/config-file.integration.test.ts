import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../bin/config-file.js';
import { type CliOutcome, hasStackTrace, runCli } from '../helpers/cli.js';
import { failure } from '../helpers/user-error.js';
import { tempFolder } from '../helpers/temp-dir.js';

function runIn(cwd: string, args: string[]): Promise<CliOutcome> {
  return runCli(args, {}, 120_000, cwd);
}

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

  it('an unknown key or a wrong type: exit 2 naming file and line', async () => {
    const dir = tempFolder('graphcheck-config-bad-');
    const file = join(dir, 'ci.yaml');
    await writeFile(file, 'report_dir: r\ntimeout: 5000\nexcludes: [feed.*]\n');
    const out = await runCli(['list', '--config', file]);
    expect(out.code).toBe(2);
    expect(out.stderr.trim()).toMatch(/ci\.yaml:3: \/excludes unknown key "excludes"; allowed: [^;]+; fix the config file there$/);
    expect(hasStackTrace(out.stderr)).toBe(false);
    for (const [text, message] of [
      ['timeout: soon\n', /ci\.yaml:1: \/timeout must be integer; fix the config file there$/],
      ['target: ftp://x\n', /ci\.yaml:1: \/target must match pattern/],
      ['rules: [a\n', /ci\.yaml:\d+: not valid YAML: /],
    ] as const) {
      await writeFile(file, text);
      const error = await failure(() => loadConfig(file));
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.message).toMatch(message);
    }
    expect((await failure(() => loadConfig(join(dir, 'nope.yaml')))).message).toMatch(/nope\.yaml: cannot read the config file \(ENOENT\)/);
  });
});

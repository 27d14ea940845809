import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../bin/config-file.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';
import { failure } from '../helpers/user-error.js';

// Read and refused before any run; a run it configures is config-file.integration.test.ts.
describe('graphcheck.config.yaml', () => {
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

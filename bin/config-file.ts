import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import type { ConfigValues } from '../harness/run/config-values.js';

export type { ConfigValues } from '../harness/run/config-values.js';

export const CONFIG_FILE = 'graphcheck.config.yaml';

/**
 * `--config FILE`, else `graphcheck.config.yaml` in the working folder when there is one, else nothing. Paths in
 * the file are relative to the file, so a config kept beside the project works from any folder.
 */
export async function loadConfig(file: string | undefined, cwd = process.cwd()): Promise<ConfigValues> {
  const path = file ?? join(cwd, CONFIG_FILE);
  if (!file && !(await stat(path).then((s) => s.isFile(), () => false))) return {};
  // The YAML reader and its schema validation load only when there is a file to read: most commands have none.
  const { readYamlFile } = await import('../harness/run/read-yaml-file.js');
  const { value } = await readYamlFile(path, 'config', 'config file');
  const config = value as ConfigValues;
  const near = (p: string | undefined) => (p === undefined || isAbsolute(p) ? p : join(dirname(path), p));
  return {
    ...config,
    file: path,
    ...(config.profile ? { profile: near(config.profile) } : {}),
    ...(config.report_dir ? { report_dir: near(config.report_dir) } : {}),
    ...(config.baseline ? { baseline: near(config.baseline) } : {}),
    ...(config.ca_dir ? { ca_dir: near(config.ca_dir) } : {}),
    ...(config.spec ? { spec: near(config.spec) } : {}),
    ...(config.readings ? { readings: near(config.readings) } : {}),
  };
}

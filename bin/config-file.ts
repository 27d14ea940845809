import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';

/** What `graphcheck.config.yaml` may set (schemas/config.schema.json); paths already resolved against its folder. */
export interface ConfigValues {
  file?: string;
  target?: string;
  profile?: string;
  report_dir?: string;
  formats?: ('json' | 'junit' | 'markdown' | 'html')[];
  timeout?: number;
  baseline?: string;
  exclude?: string[];
  suites?: string[];
  rules?: string[];
  endpoints?: string[];
  areas?: string[];
  strict?: boolean;
  allow_stale?: boolean;
  ca_dir?: string;
  /** Origins the run may send to besides the profile's (`--allow-origin`). */
  allow_origins?: string[];
  version_prefix?: string;
  runs?: number;
  concurrency?: number;
  max_rps?: number;
  /** `graphcheck coverage`: the spec and its readings, relative to this file. */
  spec?: string;
  readings?: string;
  /** `--max-wait`: a duration such as `90s` or `5m`. */
  max_wait?: string | 0;
}

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

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

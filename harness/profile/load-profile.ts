import { readFile, stat } from 'node:fs/promises';
import type { ErrorObject } from 'ajv';
import { UserInputError } from '../errors.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import { sizeWords } from '../http/body-limit.js';
import { describeSchemaError, validatorFor } from '../validation/schema-registry.js';
import { parseLocated } from '../validation/yaml-locate.js';
import { interpolateEnv, type MissingVariable } from './interpolate.js';
import { DEFAULT_ERROR_PATHS, type Profile } from './profile.js';

/** Problems of one profile listed one a line; past this many, counted. */
const MAX_PROBLEMS_SHOWN = 20;

/** A profile is a page of settings; a file far larger is a wrong path, refused before it is read whole and parsed. */
const MAX_PROFILE_BYTES = 16 * 1024 * 1024;

/**
 * Reads a YAML or JSON profile file. Every problem of its content is reported at once, one line each naming file,
 * line and fix (`PROFILE_INVALID`), so a profile is mended in one pass rather than one run per problem.
 */
export async function loadProfileFile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<Profile> {
  return (await readProfileFile(file, env)).profile;
}

/** A profile file read, with the keys it gives itself (a default filled in is not one of them). */
export async function readProfileFile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<{ profile: Profile; gives: string[] }> {
  let text: string;
  try {
    if ((await stat(file)).size > MAX_PROFILE_BYTES) {
      throw new UserInputError('INPUT_TOO_LARGE', `${file}: larger than ${sizeWords(MAX_PROFILE_BYTES)}: not a target profile; check the --profile path`);
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof UserInputError) throw error;
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the profile file; check the --profile path`);
  }
  const parsed = parseLocated(text);
  if ('error' in parsed) {
    throw new UserInputError('PROFILE_INVALID', `${file}:${parsed.error.line}: not valid YAML/JSON: ${parsed.error.message}; fix the profile there`);
  }
  const missing: MissingVariable[] = [];
  const raw = interpolateEnv(parsed.value, env, missing);
  const unset = missing.map(({ name, path }) => ({
    path,
    line: `${path} uses \${${name}} but the environment variable ${name} is not set; export it or write the value`,
  }));
  const profile = validateProfile(raw, file, parsed.lineOf, unset);
  return { profile, gives: Object.keys(raw as object) };
}

/** One problem of a profile: where (a JSON pointer) and what, with its fix. */
interface ProfileProblem {
  path: string;
  line: string;
}

/**
 * Validates a profile object (from a file or from `control_url/profile`) and fills in the contract defaults.
 * Contract §1 requires `contract` and `base_url` alone: every other part is optional, and a rule that reads one
 * the profile lacks is skipped naming it. `earlier`: problems found before (unset environment variables).
 */
export function validateProfile(
  raw: unknown,
  source: string,
  lineOf: (pointer: string) => number | undefined = () => undefined,
  earlier: ProfileProblem[] = [],
): Profile {
  const validate = validatorFor('profile');
  if (!validate) throw new Error('schemas/profile.schema.json is missing from the installation');
  const problems = [...earlier];
  if (!validate(raw)) problems.push(...schemaProblems(validate.errors ?? []));
  for (const key of ['base_url', 'auth_url', 'imgnet_base_url', 'control_url'] as const) {
    const url = (raw as Partial<Record<string, unknown>> | null)?.[key];
    if (typeof url === 'string' && /^https?:\/\//.test(url) && !URL.canParse(url)) {
      problems.push({ path: `/${key}`, line: `/${key} is not a URL; give e.g. http://127.0.0.1:8080 (see contract §1)` });
    }
  }
  if (problems.length > 0) {
    const where = (path: string) => {
      const line = lineOf(path);
      return line === undefined ? source : `${source}:${line}`;
    };
    const lines = problems.map((problem) => ({ at: lineOf(problem.path) ?? 0, text: `${where(problem.path)}: ${problem.line}` }));
    const shown = lines.sort((a, b) => a.at - b.at).slice(0, MAX_PROBLEMS_SHOWN).map((l) => l.text);
    // A file of a thousand mistakes is no profile: the first ones say so, and how many more there are.
    if (lines.length > MAX_PROBLEMS_SHOWN) shown.push(`${source}: and ${lines.length - MAX_PROBLEMS_SHOWN} more problems; fix those above first`);
    throw new UserInputError('PROFILE_INVALID', shown.join('\n'));
  }
  return withDefaults(raw as Profile);
}

/** Each schema error once, in words with its fix; a missing key is named where it belongs. */
function schemaProblems(errors: ErrorObject[]): ProfileProblem[] {
  const seen = new Set<string>();
  const problems: ProfileProblem[] = [];
  for (const error of errors) {
    const { path, message } = describeSchemaError(error);
    const line =
      error.keyword === 'required'
        ? `${path} has no ${(error.params as { missingProperty: string }).missingProperty}: add it (see contract §1)`
        : error.keyword === 'additionalProperties'
          ? `${path} ${message}: remove it or correct its name (see contract §1)`
          : `${path} ${message} (see contract §1)`;
    if (seen.has(line)) continue;
    seen.add(line);
    problems.push({ path, line });
  }
  return problems;
}

function withDefaults(p: Profile): Profile {
  const raw = p as Partial<Profile> & Pick<Profile, 'base_url'>;
  return {
    ...p,
    contract: 1,
    // Userinfo goes here: never sent, it could only ever be shown (a run's first line, report.json's target).
    base_url: withoutUserinfo(raw.base_url),
    auth_url: withoutUserinfo(raw.auth_url ?? raw.base_url),
    imgnet_base_url: withoutUserinfo(raw.imgnet_base_url ?? raw.base_url),
    ...(raw.control_url ? { control_url: withoutUserinfo(raw.control_url) } : {}),
    capabilities: raw.capabilities ?? [],
    versions: { ...raw.versions, expired: raw.versions?.expired ?? [] },
    app: { ...raw.app, redirect_uris: raw.app?.redirect_uris ?? [] },
    tokens: raw.tokens ?? {},
    fixtures: raw.fixtures ?? {},
    auth: { token_endpoint: { method: 'GET', path: '/oauth/access_token', ...raw.auth?.token_endpoint } },
    errors: { ...DEFAULT_ERROR_PATHS, ...raw.errors },
    webhooks: { receiver_host: '127.0.0.1', mtls: false, client_cert_cn: '', ...raw.webhooks },
  };
}

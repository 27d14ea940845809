import { readFile, stat } from 'node:fs/promises';
import { UserInputError } from '../errors.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import { sizeWords } from '../http/body-limit.js';
import { describeSchemaError, validatorFor } from '../validation/schema-registry.js';
import { parseLocated } from '../validation/yaml-locate.js';
import { interpolateEnv } from './interpolate.js';
import { DEFAULT_ERROR_PATHS, type Profile } from './profile.js';

/** A profile is a page of settings; a file far larger is a wrong path, refused before it is read whole and parsed. */
const MAX_PROFILE_BYTES = 16 * 1024 * 1024;

/** Reads a YAML or JSON profile file; every problem is a one-line `PROFILE_INVALID` naming file, line and fix. */
export async function loadProfileFile(file: string, env: NodeJS.ProcessEnv = process.env): Promise<Profile> {
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
  return validateProfile(interpolateEnv(parsed.value, env, file), file, parsed.lineOf);
}

/** Validates a profile object (from a file or from `control_url/profile`) and fills in the contract defaults. */
export function validateProfile(
  raw: unknown,
  source: string,
  lineOf: (pointer: string) => number | undefined = () => undefined,
): Profile {
  const validate = validatorFor('profile');
  if (!validate) throw new Error('schemas/profile.schema.json is missing from the installation');
  if (!validate(raw)) {
    const first = describeSchemaError(validate.errors![0]!);
    const line = lineOf(first.path);
    const where = line === undefined ? source : `${source}:${line}`;
    throw new UserInputError('PROFILE_INVALID', `${where}: ${first.path} ${first.message} (see contract §1)`);
  }
  for (const key of ['base_url', 'auth_url', 'imgnet_base_url', 'control_url'] as const) {
    const url = (raw as Partial<Profile>)[key];
    if (url !== undefined && !URL.canParse(url)) {
      const line = lineOf(`/${key}`);
      throw new UserInputError('PROFILE_INVALID', `${line === undefined ? source : `${source}:${line}`}: /${key} is not a URL; give e.g. http://127.0.0.1:8080 (see contract §1)`);
    }
  }
  return withDefaults(raw as Profile);
}

function withDefaults(p: Profile): Profile {
  const raw = p as Partial<Profile> & Pick<Profile, 'base_url' | 'versions' | 'app'>;
  return {
    ...p,
    contract: 1,
    // Userinfo goes here: never sent, it could only ever be shown (a run's first line, report.json's target).
    base_url: withoutUserinfo(raw.base_url),
    auth_url: withoutUserinfo(raw.auth_url ?? raw.base_url),
    imgnet_base_url: withoutUserinfo(raw.imgnet_base_url ?? raw.base_url),
    ...(raw.control_url ? { control_url: withoutUserinfo(raw.control_url) } : {}),
    capabilities: raw.capabilities ?? [],
    versions: { ...raw.versions, expired: raw.versions.expired ?? [] },
    app: { ...raw.app, redirect_uris: raw.app.redirect_uris ?? [] },
    tokens: raw.tokens ?? {},
    fixtures: raw.fixtures ?? {},
    auth: { token_endpoint: { method: 'GET', path: '/oauth/access_token', ...raw.auth?.token_endpoint } },
    errors: { ...DEFAULT_ERROR_PATHS, ...raw.errors },
    webhooks: { receiver_host: '127.0.0.1', mtls: false, client_cert_cn: '', ...raw.webhooks },
  };
}

import type { Capability, FixtureName, TokenName } from './vocabulary.js';

/** A target profile, contract 1 (see ../shared/contract/target-contract.md §1), after defaults are applied. */
export interface Profile {
  contract: 1;
  base_url: string;
  auth_url: string;
  imgnet_base_url: string;
  control_url?: string;
  capabilities: Capability[];
  /** Optional as a whole (contract §1 requires only `contract` and `base_url`): rules that read a part skip without it. */
  versions: {
    latest?: string;
    usable?: string[];
    expired: string[];
    app_default?: string;
    served_header?: string;
  };
  app: { id?: string; secret?: string; access_token?: string; redirect_uris: string[]; live?: boolean };
  tokens: Partial<Record<TokenName, string>>;
  fixtures: Partial<Record<FixtureName, string>>;
  auth: { token_endpoint: { method: 'GET' | 'POST'; path: string } };
  errors: { code: string; subcode: string; message: string; type: string };
  webhooks: { receiver_host: string; mtls: boolean; client_cert_cn: string };
}

/**
 * The parts of `versions` and `app` a profile may leave out (contract §1 requires only `contract` and `base_url`):
 * a rule whose template reads one the profile lacks is skipped naming it. A name not listed here is a suite's
 * mistake, not a profile's, and stays one.
 */
export const OPTIONAL_PROFILE_PARTS: readonly string[] = [
  ...(['latest', 'usable', 'expired', 'app_default', 'served_header'] satisfies (keyof Profile['versions'])[]).map((k) => `versions.${k}`),
  ...(['id', 'secret', 'access_token', 'redirect_uris', 'live'] satisfies (keyof Profile['app'])[]).map((k) => `app.${k}`),
];

/** Where an error answer keeps its parts when the profile does not say (contract §3.1). */
export const DEFAULT_ERROR_PATHS: Profile['errors'] = {
  code: 'error.code',
  subcode: 'error.error_subcode',
  message: 'error.message',
  type: 'error.type',
};

export type { Capability, FixtureName, TokenName } from './vocabulary.js';

/** The access tokens a profile gives: the app's and every named one. */
export function profileTokens(profile: Profile): string[] {
  return [profile.app.access_token, ...Object.values(profile.tokens)].filter((t): t is string => typeof t === 'string');
}

/** Every secret a profile holds; reports and cassettes must never show them. */
export function profileSecrets(profile: Profile): string[] {
  return [profile.app.secret, ...profileTokens(profile)].filter((v): v is string => typeof v === 'string' && v.length >= 4);
}

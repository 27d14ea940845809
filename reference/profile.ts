import { APP, FIXTURES, NAMED_TOKENS } from './fixtures.js';
import type { FaultSet, RefProfile } from './types.js';

export const VERSIONS: RefProfile['versions'] = {
  latest: 'v25.0',
  usable: ['v23.0', 'v24.0', 'v25.0'],
  expired: ['v21.0', 'v22.0'],
  appDefault: 'v24.0',
  servedHeader: 'x-graph-version',
};

/**
 * `versioning-latest-v26`: a service whose versions run one later than the spec's (v26.0 its latest, v25.0 merely
 * usable), its profile saying so; every rule that reads the profile's versions is content with it.
 */
const ONE_LATER: RefProfile['versions'] = {
  latest: 'v26.0',
  usable: ['v24.0', 'v25.0', 'v26.0'],
  expired: ['v22.0', 'v23.0'],
  appDefault: 'v25.0',
  servedHeader: 'x-graph-version',
};

export function versionsFor(faults?: FaultSet): RefProfile['versions'] {
  return faults && faults.has('versioning-latest-v26') ? ONE_LATER : VERSIONS;
}

export const CAPABILITIES = [
  'profile',
  'reset',
  'clock',
  'authorize',
  'events',
  'trust',
  'app',
  'deliveries',
];

export function buildProfile(baseUrl: string, mtlsClientCn?: string, faults?: FaultSet): RefProfile {
  const tokens: Record<string, string> = {};
  for (const [name, info] of Object.entries(NAMED_TOKENS)) tokens[name] = info.token;
  return {
    baseUrl,
    versions: versionsFor(faults),
    app: {
      id: APP.id,
      secret: APP.secret,
      accessToken: APP.accessToken,
      redirectUris: [...APP.redirectUris],
    },
    tokens,
    fixtures: { ...FIXTURES },
    ...(mtlsClientCn ? { mtlsClientCn } : {}),
  };
}

/**
 * The JSON of `GET /_control/profile` (contract §1 plus `capabilities`). `live` is read at call time. A target that
 * serves sessions lists `sessions` after the rest; a session's own profile never does (contract §2.1).
 */
export function toProfileDocument(profile: RefProfile, live: boolean, servesSessions = false): Record<string, unknown> {
  const { baseUrl, versions } = profile;
  return {
    contract: 1,
    base_url: baseUrl,
    auth_url: baseUrl,
    imgnet_base_url: baseUrl,
    control_url: `${baseUrl}/_control`,
    capabilities: servesSessions ? [...CAPABILITIES, 'sessions'] : [...CAPABILITIES],
    versions: {
      latest: versions.latest,
      usable: [...versions.usable],
      expired: [...versions.expired],
      app_default: versions.appDefault,
      served_header: versions.servedHeader,
    },
    app: {
      id: profile.app.id,
      secret: profile.app.secret,
      access_token: profile.app.accessToken,
      redirect_uris: [...profile.app.redirectUris],
      live,
    },
    tokens: { ...profile.tokens },
    fixtures: { ...profile.fixtures },
    auth: { token_endpoint: { method: 'GET', path: '/oauth/access_token' } },
    errors: {
      code: 'error.code',
      subcode: 'error.error_subcode',
      message: 'error.message',
      type: 'error.type',
    },
    webhooks: {
      receiver_host: '127.0.0.1',
      mtls: profile.mtlsClientCn !== undefined,
      client_cert_cn: profile.mtlsClientCn ?? '',
    },
  };
}

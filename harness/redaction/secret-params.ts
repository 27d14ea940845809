/**
 * Parameter names whose values are secrets, with the placeholder kind each becomes. The same table drives
 * redaction (what to hide) and replay matching (which live values to compare by keyed hash).
 */
export const SECRET_PARAMS: Readonly<Record<string, string>> = {
  access_token: 'access_token',
  input_token: 'access_token',
  fb_exchange_token: 'access_token',
  client_secret: 'client_secret',
  code: 'code',
  verify_token: 'verify_token',
  'hub.verify_token': 'verify_token',
  appsecret_proof: 'appsecret_proof',
};

/**
 * Secrets derived from others: `appsecret_proof` is the HMAC of the access token under the app secret. Replay
 * ignores it: the token it proves is matched on its own, and a client replaying with a dummy token (or the real
 * one and a dummy app secret) sends a proof that no recording holds.
 */
export const IGNORED_IN_MATCHING: ReadonlySet<string> = new Set(['appsecret_proof']);

export const SECRET_PARAM_NAMES: readonly string[] = Object.keys(SECRET_PARAMS);

/**
 * Names whose values are secrets as JSON keys in a request body. `code` is left out: JSON bodies use it for
 * languages (`{"language": {"code": "en_US"}}`); authorization codes travel as query or form parameters.
 */
export const SECRET_JSON_KEYS: readonly string[] = SECRET_PARAM_NAMES.filter((name) => name !== 'code');

/** Names whose values are secrets also when they are JSON keys in a response (`code` there is an error number). */
export const SECRET_RESPONSE_KEYS: readonly string[] = ['access_token', 'client_secret'];

/** Human-readable list for the cassette header and `--no-redact`'s notice. */
export const REDACTION_RULES: readonly string[] = [
  ...SECRET_PARAM_NAMES.map((name) => `param:${name}`),
  'header:authorization',
  'header:cookie',
  'header:set-cookie',
  'known:app_secret',
  'known:secret',
];

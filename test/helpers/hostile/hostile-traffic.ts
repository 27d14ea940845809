import { gzipSync } from 'node:zlib';
import { stringify } from 'yaml';
import { CassetteWriter } from '../../../harness/cassette/cassette-writer.js';
import type { Exchange, Headers } from '../../../harness/model/index.js';
import { echoOf, HOSTILE_TEXT } from './planted.js';

/** The secrets hostile traffic carries, each where a recording shows it and echoed everywhere else. */
export const TRAFFIC_SECRETS = {
  token: 'EAAHostilePlantedToken4x9Q',
  clientSecret: 'cs-planted-7f3a9d1e2b44',
  code: 'AQDplantedAuthCode8812zz',
  issued: 'EAAIssuedPlantedToken55aa',
  cookie: 'ck-planted-session-91b2c7',
};

const ORIGIN = 'https://graph.hostile.invalid';
const PAGE = '2000001';

/** Every planted secret in every form, with the hostile text: what the target echoes in its answers. */
function echoes(): string {
  return Object.values(TRAFFIC_SECRETS).map(echoOf).join(' ');
}

/** What a header may hold in a recording (the readers refuse C0 controls there): the rest of the hostile text. */
function headerSafe(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

function exchange(method: string, url: string, headers: Headers, body: string | undefined, status: number, answerHeaders: Headers, answer: string): Exchange {
  return {
    kind: 'api',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
    request: { method, url, headers, ...(body === undefined ? {} : { body }) },
    response: { status, headers: answerHeaders, body: answer },
  };
}

/** A JSON answer compressed, as a recording that kept the bytes from the wire holds it. */
function gzipped(status: number, headers: Headers, json: unknown, from: Exchange): Exchange {
  const bytes = gzipSync(JSON.stringify(json));
  return { ...from, response: { status, headers: { ...headers, 'content-encoding': 'gzip' }, body: bytes.toString('base64'), bodyEncoding: 'base64' } };
}

/**
 * Traffic someone else recorded: a page read with `limit=150` that was not refused and a post answered without an
 * id (two failures, so their exchanges reach every report), an authorization code, its exchange for a token
 * (client secret in the form) and that token refused, each secret in its own field and all of them echoed in the
 * answers, with terminal escapes, workflow commands, forged verdicts and markup; the post's answer is gzip.
 */
export function hostileExchanges(): Exchange[] {
  const { token, clientSecret, code, issued, cookie } = TRAFFIC_SECRETS;
  const json = { 'content-type': 'application/json' };
  const basic = `Basic ${Buffer.from(`app:${token}`).toString('base64')}`;
  const read = exchange(
    'GET',
    // The recording keeps the URL as written: the hostile text raw in it, as a HAR may hold it.
    `${ORIGIN}/v25.0/${PAGE}/feed?limit=150&access_token=${token}&note=${HOSTILE_TEXT}`,
    { authorization: `Bearer ${token}`, cookie: `sid=${cookie}`, 'x-forwarded-authorization': basic, 'x-note': headerSafe(HOSTILE_TEXT) },
    undefined,
    200,
    { ...json, 'set-cookie': `sid=${cookie}; Path=/; HttpOnly`, 'x-echo': Buffer.from(token).toString('hex') },
    JSON.stringify({
      data: [{ id: `${PAGE}_1`, message: echoes() }],
      paging: { next: `${ORIGIN}/v25.0/${PAGE}/feed?access_token=${encodeURIComponent(token)}&after=QVFI` },
    }),
  );
  const post = gzipped(
    200,
    json,
    { echo: echoes(), note: HOSTILE_TEXT },
    exchange('POST', `${ORIGIN}/v25.0/${PAGE}/feed`, { 'content-type': 'application/x-www-form-urlencoded' }, `message=${encodeURIComponent(HOSTILE_TEXT)}&access_token=${token}`, 200, {}, ''),
  );
  const redirect = 'https://app.hostile.invalid/callback';
  const authorize = exchange(
    'GET',
    `${ORIGIN}/v25.0/dialog/oauth?client_id=1000001&redirect_uri=${encodeURIComponent(redirect)}&response_type=code&scope=pages_show_list&state=s1`,
    {},
    undefined,
    302,
    { location: `${redirect}?code=${code}&state=s1` },
    '',
  );
  const grant = exchange(
    'POST',
    `${ORIGIN}/v25.0/oauth/access_token`,
    { 'content-type': 'application/x-www-form-urlencoded' },
    `client_id=1000001&client_secret=${clientSecret}&code=${code}&redirect_uri=${encodeURIComponent(redirect)}`,
    200,
    json,
    JSON.stringify({ access_token: issued, token_type: 'bearer', expires_in: 5183944 }),
  );
  const refused = exchange(
    'GET',
    `${ORIGIN}/v25.0/me?access_token=${issued}`,
    {},
    undefined,
    400,
    json,
    JSON.stringify({ error: { message: echoes(), type: 'OAuthException', code: 190 } }),
  );
  return [read, post, authorize, grant, refused];
}

/** A gzip answer that decodes to 20 MiB: too large to decode, so lost (and said to be), never shown as empty. */
export function bombExchange(): Exchange {
  const bytes = gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
  const read = exchange('GET', `${ORIGIN}/v25.0/${PAGE}/photos?access_token=${TRAFFIC_SECRETS.token}`, {}, undefined, 200, {}, '');
  return { ...read, response: { status: 200, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: bytes.toString('base64'), bodyEncoding: 'base64' } };
}

function harHeaders(headers: Headers): Array<{ name: string; value: string }> {
  return Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })));
}

/** The exchanges as a HAR 1.2 file, as a browser or mitmproxy would save them. */
export function hostileHar(exchanges: Exchange[]): string {
  const entries = exchanges.map((e) => ({
    startedDateTime: e.startedAt,
    time: e.durationMs,
    request: {
      method: e.request.method,
      url: e.request.url,
      httpVersion: 'HTTP/1.1',
      headers: harHeaders(e.request.headers),
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: e.request.body === undefined ? 0 : Buffer.byteLength(e.request.body),
      ...(e.request.body === undefined ? {} : { postData: { mimeType: 'application/x-www-form-urlencoded', text: e.request.body } }),
    },
    response: {
      status: e.response!.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: harHeaders(e.response!.headers),
      cookies: [],
      content: {
        size: Buffer.from(e.response!.body, e.response!.bodyEncoding === 'base64' ? 'base64' : 'utf8').length,
        mimeType: 'application/json',
        text: e.response!.body,
        ...(e.response!.bodyEncoding === 'base64' ? { encoding: 'base64' } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  }));
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'hostile', version: '1' }, entries } });
}

function vcrHeaders(headers: Headers): Record<string, string[]> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));
}

/** The exchanges as a Ruby VCR cassette (compressed bodies as `base64_string`, as VCR keeps binary ones). */
export function hostileVcr(exchanges: Exchange[]): string {
  const body = (text: string | undefined, encoding?: string) =>
    encoding === 'base64' ? { encoding: 'ASCII-8BIT', base64_string: text } : { encoding: 'UTF-8', string: text ?? '' };
  const http_interactions = exchanges.map((e) => ({
    request: { method: e.request.method.toLowerCase(), uri: e.request.url, body: body(e.request.body), headers: vcrHeaders(e.request.headers) },
    response: {
      status: { code: e.response!.status, message: '' },
      headers: vcrHeaders(e.response!.headers),
      body: body(e.response!.body, e.response!.bodyEncoding),
    },
    recorded_at: 'Thu, 01 Jan 2026 00:00:00 GMT',
  }));
  return stringify({ http_interactions, recorded_with: 'VCR 6.2.0' });
}

/** The exchanges as a graphcheck cassette whose header turns redaction off (a `--no-redact` recording). */
export function writeHostileCassette(file: string, exchanges: Exchange[]): void {
  const writer = CassetteWriter.create(file, { target: ORIGIN, redact: false });
  try {
    for (const e of exchanges) writer.append(e);
  } finally {
    writer.close();
  }
}

import type { Upstream } from '../reference-behind.js';
import { type Answer, isControl, startFront } from '../varying-front.js';
import { echoOf, HOSTILE_TEXT } from './planted.js';

/**
 * A target that echoes the token it was sent: in front of `upstream` (the reference), every API answer gets the
 * request's `access_token` back in every form with the hostile text (an error's message starts with the hostile text and it, a JSON
 * object gets a member holding it), its hex in an `X-Echo` header and the token itself as a cookie. With
 * `refuse`, every API request is refused so (HTTP 400, code 100), the preflight's plainest reads included. The
 * control protocol passes unchanged.
 */
export function startEchoingFront(upstream: Upstream, options: { refuse?: boolean } = {}) {
  return startFront(upstream, (answer, { path }) => {
    if (isControl(path)) return answer;
    const token = new URL(path, 'http://front.invalid').searchParams.get('access_token');
    if (!token) return answer;
    const refused = { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } }) };
    return echoing(options.refuse ? refused : answer, token, options.refuse === true);
  });
}

/** `tokenFirst`: the echo before the hostile text, so a quote cut short (preflight's) still holds the token. */
function echoing({ status, headers, body }: Answer, token: string, tokenFirst: boolean): Answer {
  const echoed = { ...headers, 'x-echo': Buffer.from(token).toString('hex'), 'set-cookie': `sid=${token}; Path=/` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status, headers: echoed, body };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { status, headers: echoed, body };
  const object = parsed as { error?: { message?: unknown } };
  const echo = tokenFirst ? `${echoOf(token)} ${HOSTILE_TEXT}` : `${HOSTILE_TEXT} ${echoOf(token)}`;
  if (object.error && typeof object.error.message === 'string') object.error.message = `${echo} ${object.error.message}`;
  else (object as Record<string, unknown>).debug_echo = echoOf(token);
  return { status, headers: echoed, body: JSON.stringify(object) };
}

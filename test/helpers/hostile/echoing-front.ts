import { type Answer, isControl, startFront } from '../varying-front.js';
import { echoOf } from './planted.js';

/**
 * A target that echoes the token it was sent: in front of `target` (the reference), every API answer gets the
 * request's `access_token` back in every form with the hostile text (an error's message starts with it, a JSON
 * object gets a member holding it), its hex in an `X-Echo` header and the token itself as a cookie. The control
 * protocol passes unchanged.
 */
export function startEchoingFront(target: string) {
  return startFront(target, (answer, { path }) => {
    if (isControl(path)) return answer;
    const token = new URL(path, 'http://front.invalid').searchParams.get('access_token');
    return token ? echoing(answer, token) : answer;
  });
}

function echoing({ status, headers, body }: Answer, token: string): Answer {
  const echoed = { ...headers, 'x-echo': Buffer.from(token).toString('hex'), 'set-cookie': `sid=${token}; Path=/` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status, headers: echoed, body };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { status, headers: echoed, body };
  const object = parsed as { error?: { message?: unknown } };
  if (object.error && typeof object.error.message === 'string') object.error.message = `${echoOf(token)} ${object.error.message}`;
  else (object as Record<string, unknown>).debug_echo = echoOf(token);
  return { status, headers: echoed, body: JSON.stringify(object) };
}

import { type Answer, call, type CallOptions } from './reference-client.js';

/** A session of a running reference, as `POST {control_url}/sessions` handed it over, with the values tests use. */
export interface SessionRef {
  id: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the profile is JSON read by path in tests
  profile: any;
  /** The session's `base_url`: a path under the target's origin, so paths are appended, never resolved against it. */
  url: string;
  controlUrl: string;
  tokens: Record<string, string>;
  pageId: string;
  appId: string;
  appToken: string;
}

/** Opens a session on the target whose control URL is given; throws with the answer when it is refused. */
export async function openSession(target: { controlUrl: string }): Promise<SessionRef> {
  const answer = await call({ url: target.controlUrl }, 'POST', `${target.controlUrl}/sessions`, { json: {} });
  if (answer.status !== 200) throw new Error(`POST /sessions answered ${answer.status}: ${answer.text}`);
  const { id, profile } = answer.body;
  return {
    id,
    profile,
    url: profile.base_url,
    controlUrl: profile.control_url,
    tokens: profile.tokens,
    pageId: profile.fixtures.page_id,
    appId: profile.app.id,
    appToken: profile.app.access_token,
  };
}

export function deleteSession(target: { controlUrl: string }, id: string): Promise<Answer> {
  return call({ url: target.controlUrl }, 'DELETE', `${target.controlUrl}/sessions/${id}`);
}

/** An API call under a base URL that may carry a path (a session's): `path` is appended to it. */
export function api(at: { url: string }, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  return call(at, method, `${at.url}${path}`, options);
}

/** A control call under `at.controlUrl` (a session's or the target's). */
export function ctl(at: { controlUrl: string }, method: string, path: string, json?: unknown): Promise<Answer> {
  return call({ url: at.controlUrl }, method, `${at.controlUrl}${path}`, json === undefined ? {} : { json });
}

import { CannotJudgeError } from '../errors.js';
import type { OriginPolicy } from '../client/origin-policy.js';
import { send } from '../client/send.js';
import type { TargetLink } from '../client/target-link.js';

/** Where a target's sessions are asked for: its control URL, reached as every control call is. */
export interface SessionEndpoint {
  controlUrl: string;
  timeoutMs: number;
  origins: OriginPolicy;
  link?: TargetLink;
}

/** What `POST /sessions` answered: a session (its id and profile, unchecked), or the target's limit (429). */
export type PostedSession = { id: string; profile: unknown } | { limit: string };

/**
 * `POST {control_url}/sessions` (contract §2.1). A 429 is the target's limit, not a failure: the caller waits for
 * one of its own sessions to end or runs the rule alone. Any other answer than 2xx, or one without an id and a
 * profile, is a `CannotJudgeError`: the run then uses no sessions.
 */
export async function postSession(at: SessionEndpoint): Promise<PostedSession> {
  const sent = await send({
    kind: 'control',
    method: 'POST',
    url: `${base(at)}/sessions`,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from('{}'),
    timeoutMs: at.timeoutMs,
    origins: at.origins,
    ...(at.link ? { link: at.link } : {}),
  });
  const status = sent.exchange.response?.status ?? 0;
  if (status === 429) return { limit: 'POST /sessions answered 429: the target has as many sessions as it allows' };
  if (status < 200 || status > 299) {
    throw new CannotJudgeError('CONTROL_FAILED', `control POST /sessions answered HTTP ${status}; the control protocol must answer 2xx or 429 (contract §2.1)`);
  }
  const { id, profile } = (sent.json ?? {}) as { id?: unknown; profile?: unknown };
  if (typeof id !== 'string' || id === '' || typeof profile !== 'object' || profile === null) {
    throw new CannotJudgeError('CONTROL_FAILED', 'control POST /sessions did not answer {"id": "..", "profile": {..}} (contract §2.1)');
  }
  return { id, profile };
}

/** `DELETE {control_url}/sessions/{id}`: the session and everything in it dropped. */
export async function deleteSession(at: SessionEndpoint, id: string): Promise<void> {
  const sent = await send({
    kind: 'control',
    method: 'DELETE',
    url: `${base(at)}/sessions/${encodeURIComponent(id)}`,
    headers: {},
    timeoutMs: at.timeoutMs,
    origins: at.origins,
    ...(at.link ? { link: at.link } : {}),
  });
  const status = sent.exchange.response?.status ?? 0;
  if (status < 200 || status > 299) throw new CannotJudgeError('CONTROL_FAILED', `control DELETE /sessions/{id} answered HTTP ${status} (contract §2.1)`);
}

function base(at: SessionEndpoint): string {
  return at.controlUrl.replace(/\/+$/, '');
}

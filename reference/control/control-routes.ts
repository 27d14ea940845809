import { X509Certificate } from 'node:crypto';
import type { ResettableClock } from '../clock.js';
import { decide } from '../endpoints/auth.js';
import { GraphError } from '../graph-error.js';
import { toProfileDocument } from '../profile.js';
import type { Sessions } from '../sessions/sessions.js';
import type { ResettableStateStore } from '../state-store.js';
import type { RefContext } from '../types.js';

export interface ControlDeps {
  ctx: RefContext;
  clock: ResettableClock;
  store: ResettableStateStore;
  /** The target's sessions (contract §2.1); absent in a session and in a target started without them. */
  sessions?: Sessions;
}

type Body = Record<string, unknown>;
type ControlHandler = (body: Body, deps: ControlDeps) => unknown;

/** A refused control request: contract §2 makes any non-2xx a setup failure, so say exactly what is wrong. */
const bad = (message: string): GraphError => new GraphError(100, message, 'ControlException');

function reset({ ctx, clock, store }: ControlDeps): { ok: true } {
  clock.reset();
  store.reset();
  ctx.webhooks.reset();
  return { ok: true };
}

async function advance(body: Body, { clock }: ControlDeps): Promise<{ now: number }> {
  const seconds = body['advance_seconds'];
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    throw bad('advance_seconds must be a non-negative number of seconds.');
  }
  return { now: await clock.advance(seconds) };
}

function authorize(body: Body, { ctx }: ControlDeps): { location: string } {
  const { query, decision } = body;
  if (typeof query !== 'object' || query === null || Array.isArray(query))
    throw bad('query must be an object.');
  if (decision !== 'allow' && decision !== 'deny') throw bad('decision must be "allow" or "deny".');
  return { location: decide(query as Body, decision, ctx) };
}

function events(body: Body, { ctx }: ControlDeps): { accepted: number } {
  const raw = Array.isArray(body['updates']) ? (body['updates'] as unknown[]) : [body];
  const updates = raw.map((item, index) => {
    const update = (typeof item === 'object' && item !== null ? item : {}) as Body;
    const { object, id, field, value } = update;
    if (
      typeof object !== 'string' ||
      typeof field !== 'string' ||
      !['string', 'number'].includes(typeof id)
    ) {
      throw bad(`update ${index} needs string object, id and field.`);
    }
    return { object, id: String(id), field, value };
  });
  return { accepted: ctx.webhooks.acceptEvents(updates) };
}

function trust(body: Body, { ctx }: ControlDeps): { ok: true } {
  const pem = body['ca_pem'];
  if (typeof pem !== 'string' || !pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw bad('ca_pem must be a PEM certificate.');
  }
  try {
    new X509Certificate(pem);
  } catch {
    throw bad('ca_pem does not parse as an X.509 certificate.');
  }
  if (!ctx.settings.trustedCaPems.includes(pem)) ctx.settings.trustedCaPems.push(pem);
  return { ok: true };
}

function setLive(body: Body, { ctx }: ControlDeps): { ok: true } {
  if (typeof body['live'] !== 'boolean') throw bad('live must be true or false.');
  ctx.settings.live = body['live'];
  return { ok: true };
}

/** The control protocol of contract §2, by `METHOD /path` under `/_control`. */
export const CONTROL_ROUTES: Record<string, ControlHandler> = {
  'GET /profile': (_body, { ctx, sessions }) => toProfileDocument(ctx.profile, ctx.settings.live, sessions !== undefined),
  'POST /reset': (_body, deps) => reset(deps),
  'GET /clock': (_body, { ctx }) => ({ now: ctx.clock.now() }),
  'POST /clock': advance,
  'POST /authorize': authorize,
  'POST /events': events,
  'POST /trust': trust,
  'GET /app': (_body, { ctx }) => ({ live: ctx.settings.live }),
  'POST /app': setLive,
  'GET /deliveries': (_body, { ctx }) => ({ data: ctx.webhooks.deliveries() }),
};

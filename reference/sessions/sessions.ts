import { toProfileDocument } from '../profile.js';
import type { Runtime } from '../runtime.js';
import type { UnixSeconds } from '../types.js';
import { createSessionRegistry, type SessionRegistry, unknownSession } from './session-registry.js';

/** Sessions are told apart by a path prefix on the target's own origin: `{base_url}/_sessions/{id}`. */
export const SESSIONS_PATH = '/_sessions';

export interface SessionsOptions {
  /** The target's own base URL (its public origin when it has one): every session's addresses are under it. */
  baseUrl: string;
  limit: number;
  /** The target's clock: a session's starts where the target's is when the session opens. */
  targetNow(): UnixSeconds;
  /** A runtime of its own: the target's faults and options, its own state, clock, app and deliveries. */
  startRuntime(baseUrl: string, clockStart: UnixSeconds): Runtime;
}

/** A request under `/_sessions/{id}`: the session's runtime and the URL as that runtime sees it, prefix removed. */
export type SessionRequest = { runtime: Runtime; url: URL } | { unknown: string };

/** Contract §2.1 as the reference serves it: each session a runtime of its own, reached through a path prefix. */
export interface Sessions {
  /** The handler of `POST /sessions` or `DELETE /sessions/{id}` under the target's control URL, else undefined. */
  controlRoute(method: string, path: string): (() => unknown) | undefined;
  /** The session a request's path names, or undefined when the path is not under `/_sessions/`. */
  resolve(url: URL): SessionRequest | undefined;
}

export function createSessions(options: SessionsOptions): Sessions {
  const baseOf = (id: string): string => `${options.baseUrl}${SESSIONS_PATH}/${id}`;
  const registry: SessionRegistry<Runtime> = createSessionRegistry({
    limit: options.limit,
    open: (id) => options.startRuntime(baseOf(id), options.targetNow()),
    // A reset of its webhook service drops queued retries and makes attempts in flight neither log nor schedule more.
    close: (runtime) => runtime.ctx.webhooks.reset(),
  });
  return {
    controlRoute(method, path) {
      if (method === 'POST' && path === '/sessions') {
        return () => {
          const { id, world } = registry.open();
          return { id, profile: toProfileDocument(world.ctx.profile, world.ctx.settings.live) };
        };
      }
      const named = /^\/sessions\/([^/]+)$/.exec(path);
      if (method === 'DELETE' && named?.[1]) {
        const id = decoded(named[1]);
        return () => {
          registry.drop(id);
          return { ok: true };
        };
      }
      return undefined;
    },
    resolve(url) {
      const match = /^\/_sessions\/([^/]+)(\/.*)?$/.exec(url.pathname);
      if (!match?.[1]) return undefined;
      const id = decoded(match[1]);
      const runtime = registry.find(id);
      if (!runtime) return { unknown: id };
      // Set as a path, never resolved as a reference: `//host/x` after the prefix must not become another origin.
      const inner = new URL(url);
      inner.pathname = match[2] ?? '/';
      return { runtime, url: inner };
    },
  };
}

/** A path segment as an id; a malformed escape stays as written (no session has it, so it is refused as unknown). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export { unknownSession };

import { GraphError } from '../graph-error.js';

/** Contract §2.1: a target may drop a session idle for more than an hour; the reference does, measured in wall time. */
export const SESSION_IDLE_MS = 3_600_000;

/** Sessions live at once unless `maxSessions` says: more than a run's slots, few enough to bound the memory they hold. */
export const DEFAULT_MAX_SESSIONS = 32;

export interface SessionRegistryOptions<W> {
  /** Sessions live at once; at the limit `open` answers 429. */
  limit: number;
  /** Builds the world of a new session. */
  open(id: string): W;
  /** Drops what a world would still do (its pending deliveries); called once, on delete or idle expiry. */
  close(world: W): void;
  /** Default `SESSION_IDLE_MS`. */
  idleMs?: number;
  /** Wall-clock milliseconds (default `Date.now`); idle time is wall time, not the virtual clock a session moves. */
  wallNow?: () => number;
}

export interface SessionRegistry<W> {
  /** A new session; a 429 `GraphError` at the limit. */
  open(): { id: string; world: W };
  /** The live session's world, its idle time started again; undefined for an id never opened, deleted or expired. */
  find(id: string): W | undefined;
  /** Drops the session and closes its world; a 404 `GraphError` for an id that is not live. */
  drop(id: string): void;
  /** Ids of the live sessions, oldest first. */
  ids(): string[];
}

interface Entry<W> {
  world: W;
  lastUsed: number;
}

/**
 * The sessions of one reference. Ids come from a counter (`s1`, `s2`, ...) and are never used twice, so a deleted
 * session's id stays refused. Idle sessions are dropped when the registry is next used, not by a timer: a timer
 * would keep a process alive that has nothing else to do.
 */
export function createSessionRegistry<W>(options: SessionRegistryOptions<W>): SessionRegistry<W> {
  const live = new Map<string, Entry<W>>();
  const idleMs = options.idleMs ?? SESSION_IDLE_MS;
  const wallNow = options.wallNow ?? Date.now;
  let opened = 0;

  const remove = (id: string, entry: Entry<W>): void => {
    live.delete(id);
    options.close(entry.world);
  };
  const expireIdle = (): void => {
    const now = wallNow();
    for (const [id, entry] of live) if (now - entry.lastUsed > idleMs) remove(id, entry);
  };

  return {
    open() {
      expireIdle();
      if (live.size >= options.limit) {
        throw new GraphError(
          4,
          `Too many sessions: ${live.size} are live, the limit is ${options.limit}. Delete one (DELETE /sessions/{id}) and try again.`,
          'ControlException',
          undefined,
          429,
        );
      }
      opened += 1;
      const id = `s${opened}`;
      const world = options.open(id);
      live.set(id, { world, lastUsed: wallNow() });
      return { id, world };
    },
    find(id) {
      expireIdle();
      const entry = live.get(id);
      if (entry) entry.lastUsed = wallNow();
      return entry?.world;
    },
    drop(id) {
      expireIdle();
      const entry = live.get(id);
      if (!entry) throw unknownSession(id);
      remove(id, entry);
    },
    ids: () => [...live.keys()],
  };
}

/** What a request naming a session that is not live gets, on the control URL and on the session's own paths alike. */
export function unknownSession(id: string): GraphError {
  return new GraphError(
    100,
    `No session ${JSON.stringify(id)}: it was never opened, was deleted, or was idle for more than an hour.`,
    'ControlException',
    undefined,
    404,
  );
}

import type { OriginPolicy } from '../client/origin-policy.js';
import type { Profile } from '../profile/profile.js';
import { deleteSession, postSession, type SessionEndpoint } from './session-protocol.js';
import { sessionProfile } from './session-profile.js';
import { untilInterrupted } from './on-interrupt.js';

export interface SessionPoolOptions<W> {
  endpoint: SessionEndpoint;
  /** The target's profile: what a session's profile lacks is taken from it (its capabilities). */
  target: Profile;
  /** Where the run may send: a session's profile naming another origin is refused. */
  origins: OriginPolicy;
  /** The world a rule runs in, built from a session's checked profile; `name` is the run's own for it. */
  build(profile: Profile, name: string): W;
  /** Stops what `build` started (a receiver's route) before the session is deleted. */
  dispose(world: W): Promise<void>;
  /** Each session's profile as it opens: its tokens and app secret are secrets of the run too. */
  onOpened?(profile: Profile): void;
  /** Why the run uses no more sessions (a refused profile, a failed POST), once. */
  onGiveUp?(why: string): void;
}

/** A live session of this run: the world its rule runs in. */
export interface Session<W> {
  readonly id: string;
  readonly world: W;
}

/**
 * The sessions of one run (contract §2.1). `open` asks the target for one; at its limit (429) the pool remembers
 * how many of its own were live then, and reports itself `full` until one of them ends (`whenFree`); a 429 with
 * none of its own live, a failed POST or a profile that cannot be used means this run uses no sessions from then on
 * (`open` answers `none`), and its rules run alone as without them. Sessions are deleted as their rule ends, and
 * all of them by `close`, at the end of the run, on an error, and on SIGINT or SIGTERM.
 */
export class SessionPool<W> {
  private readonly live = new Map<string, W>();
  private readonly dropping = new Set<Promise<void>>();
  /** Sessions whose DELETE is on its way (still counted live, as the target counts them). */
  private readonly ending = new Set<string>();
  private readonly waiting: (() => void)[] = [];
  /** `POST /sessions` on their way: a run that closes meanwhile deletes what they open. */
  private readonly opening = new Set<Promise<unknown>>();
  private closed = false;
  private cap: number | undefined;
  private gaveUp: string | undefined;
  private opened = 0;
  private stopWatching: (() => void) | undefined;

  constructor(private readonly options: SessionPoolOptions<W>) {}

  /** At the target's limit: a new session waits for one of the run's own to end. */
  get full(): boolean {
    return this.cap !== undefined && this.live.size >= this.cap;
  }

  /** Whether the run still opens sessions. */
  get usable(): boolean {
    return this.gaveUp === undefined;
  }

  /** How many of the run's sessions are live now. */
  get size(): number {
    return this.live.size;
  }

  /** A new session, `full` at the target's limit (one of the run's own will end), or `none`: run the rule alone. */
  async open(): Promise<Session<W> | 'full' | 'none'> {
    if (this.gaveUp !== undefined) return 'none';
    if (this.full) return 'full';
    const asked = postSession(this.options.endpoint);
    this.opening.add(asked);
    let posted;
    try {
      posted = await asked;
    } catch (error) {
      return this.giveUp(`sessions: ${(error as Error).message}`);
    } finally {
      this.opening.delete(asked);
    }
    if ('limit' in posted) {
      if (this.live.size === 0) return this.giveUp(`sessions: ${posted.limit}, none of them this run's`);
      this.cap = this.live.size;
      return 'full';
    }
    if (this.closed) {
      await this.tracked(this.drop(posted.id));
      return 'none';
    }
    this.watch();
    let world: W;
    try {
      const profile = sessionProfile(posted.profile, posted.id, this.options.target, this.options.origins);
      this.options.onOpened?.(profile);
      world = this.options.build(profile, `s${++this.opened}`);
    } catch (error) {
      void this.tracked(this.drop(posted.id));
      return this.giveUp(`sessions: ${(error as Error).message}`);
    }
    this.live.set(posted.id, world);
    return { id: posted.id, world };
  }

  /** Drops the session once its rule ended; the DELETE goes on while the next rule starts. */
  release(session: Session<W>): void {
    if (!this.live.has(session.id) || this.ending.has(session.id)) return;
    this.ending.add(session.id);
    void this.tracked(this.options.dispose(session.world).catch(() => undefined).then(() => this.drop(session.id)));
  }

  /** A DELETE on its way, which `close` waits for. */
  private tracked(dropped: Promise<void>): Promise<void> {
    this.dropping.add(dropped);
    return dropped.finally(() => this.dropping.delete(dropped));
  }

  /** Resolves once one of the run's sessions has ended. */
  whenFree(): Promise<void> {
    if (!this.full) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Every session of the run deleted (what is being deleted, awaited): the end of the run, an error, a signal. */
  async close(): Promise<void> {
    this.closed = true;
    this.gaveUp ??= 'the run is ending';
    await Promise.allSettled([...this.opening]);
    for (const [id, world] of [...this.live]) this.release({ id, world });
    while (this.dropping.size > 0) await Promise.all([...this.dropping]);
    this.stopWatching?.();
    this.stopWatching = undefined;
  }

  private async drop(id: string): Promise<void> {
    // A DELETE that fails leaves the session to the target, which drops it after an hour idle (contract §2.1).
    await deleteSession(this.options.endpoint, id).catch(() => undefined);
    this.live.delete(id);
    this.ending.delete(id);
    // Every waiter: one that stopped waiting (another rule ended first) must not take the wake-up of one that waits.
    for (const wake of this.waiting.splice(0)) wake();
  }

  private giveUp(why: string): 'none' {
    this.gaveUp = why;
    this.options.onGiveUp?.(why);
    // Rules waiting for a session to end run alone instead.
    for (const wake of this.waiting.splice(0)) wake();
    return 'none';
  }

  /** From the first session on, an interrupted run deletes its sessions before it stops. */
  private watch(): void {
    this.stopWatching ??= untilInterrupted(() => this.close());
  }
}

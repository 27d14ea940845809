import type { Exchange } from '../model/exchange.js';
import type { NormalizedRequest } from './normalize-request.js';
import type { ResponseTemplate } from './response-template.js';
import type { WildShape } from './secret-wildcards.js';

/** One recorded exchange as the replay server serves it. */
export interface ReplayEntry {
  /** 0-based position in the cassette. */
  index: number;
  exchange: Exchange;
  request: NormalizedRequest;
  /** What the index files it under: the request's key, or under `--secrets any` its key with the secrets masked. */
  key: string;
  /**
   * Under `--secrets any`, the places of this request that held secrets, with this request's own placeholders: the
   * key is shared by every request of the same shape, but each answer names the secrets of its own request.
   */
  shape?: WildShape;
  /** Absent when the recording got no response (then replay drops the connection, as happened live). */
  template?: ResponseTemplate;
}

/** The recorded exchanges that share one normalised request, in recorded order. */
export interface MatchGroup {
  request: NormalizedRequest;
  entries: ReplayEntry[];
  /** How many of `entries` were already served. */
  served: number;
}

export type MatchMode = 'strict' | 'last';

export type TakeResult = { entry: ReplayEntry } | { exhausted: MatchGroup } | undefined;

/**
 * Recorded requests indexed by their normalised key (a hash map: lookup cost does not grow with the
 * cassette). Repeated identical requests are answered in recorded order.
 */
export class MatchIndex {
  private readonly byKey = new Map<string, MatchGroup>();
  private count = 0;

  add(entry: ReplayEntry): void {
    const group = this.byKey.get(entry.key);
    if (group) group.entries.push(entry);
    else
      this.byKey.set(entry.key, {
        request: entry.request,
        entries: [entry],
        served: 0,
      });
    this.count++;
  }

  /** Adds an exchange that was just recorded live and already answered: it counts as served. */
  addServed(entry: ReplayEntry): void {
    this.add(entry);
    const group = this.byKey.get(entry.key) as MatchGroup;
    group.served = group.entries.length;
  }

  /** The next recorded answer to `key`: in `last` mode the last one repeats once all were served. */
  take(key: string, mode: MatchMode): TakeResult {
    return this.takeFirst([key], mode)?.result;
  }

  /**
   * The next recorded answer under the first of `keys` that still has one (`--secrets any` tries each shape of
   * request the cassette holds); else, as `take` does, for the first key the index knows. `at` says which key.
   */
  takeFirst(keys: readonly string[], mode: MatchMode): { result: TakeResult; at: number } | undefined {
    let known: number | undefined;
    for (let at = 0; at < keys.length; at++) {
      const group = this.byKey.get(keys[at] as string);
      if (!group) continue;
      known ??= at;
      const entry = group.entries[group.served];
      if (entry) {
        group.served++;
        return { result: { entry }, at };
      }
    }
    if (known === undefined) return undefined;
    const group = this.byKey.get(keys[known] as string) as MatchGroup;
    if (mode === 'last') return { result: { entry: group.entries[group.entries.length - 1] as ReplayEntry }, at: known };
    return { result: { exhausted: group }, at: known };
  }

  /**
   * Serves every group from cassette position `from` on, as if the exchanges before it were already served: an
   * offline repeat of one rule starts where that rule's recording started.
   */
  seek(from: number): void {
    for (const group of this.byKey.values()) {
      let served = 0;
      while (served < group.entries.length && group.entries[served]!.index < from) served++;
      group.served = served;
    }
  }

  get size(): number {
    return this.count;
  }

  groups(): IterableIterator<MatchGroup> {
    return this.byKey.values();
  }
}

import type { Exchange } from '../model/index.js';
import { placeholderIdOf } from '../redaction/placeholder.js';
import type { ReplaySource } from './load-replay.js';
import type { ReplayEntry } from './match-index.js';
import { TextTemplate } from './text-template.js';

/** A recorded webhook request due to arrive now, at the receiver its URL names. */
export interface ScheduledArrival {
  exchange: Exchange;
  /** Its URL as this repeat sends it: the secrets the repeat sent written back where the recording held placeholders. */
  url: URL;
  /** A verification GET that carried the verify token the subscription it arrived during sent (a step's own). */
  stepToken: boolean;
}

/**
 * The webhook requests of a recorded run, scheduled for an offline repeat: each one is due while the replay serves
 * the exchange that was in flight (or last started) when it reached the receiver live. The receivers they arrive
 * at are the webhook harness's (taped arrivals); this only says what and when.
 */
export class ArrivalSchedule {
  private readonly byExchange = new Map<number, Exchange[]>();
  /** Every secret the repeat has sent so far, by the placeholder id it stands for. */
  private readonly sent = new Map<string, string>();

  constructor(source: ReplaySource) {
    const starts = [...source.index.groups()]
      .flatMap((g) => g.entries.map((e) => ({ index: e.index, ms: startMs(e.exchange) })))
      .sort((a, b) => a.ms - b.ms || a.index - b.index);
    for (const { exchange } of source.unserved) {
      if (exchange.kind !== 'webhook-notification' && exchange.kind !== 'webhook-verification') continue;
      const during = lastStartedBy(starts, startMs(exchange));
      const list = this.byExchange.get(during) ?? [];
      list.push(exchange);
      this.byExchange.set(during, list);
    }
  }

  /**
   * The replay is about to answer recorded `entry`: what arrived during it is due now. A verification GET carries
   * the verify token the subscription sent, redacted in the cassette: it arrives with the secret this repeat sent
   * in that placeholder's place (`carried`), as the target would echo it live, since a step that subscribes with a
   * token of its own (`given.token`) compares the GET's with the real value.
   */
  release(entry: ReplayEntry, carried: ReadonlyMap<string, string>): ScheduledArrival[] {
    for (const [id, value] of carried) this.sent.set(id, value);
    return (this.byExchange.get(entry.index) ?? []).map((exchange) => {
      const recorded = new URL(exchange.request.url);
      const url = exchange.kind === 'webhook-verification' ? this.withSecrets(exchange.request.url) : recorded;
      return { exchange, url, stepToken: sameToken(recorded, entry) };
    });
  }

  /** A recorded URL with the placeholders this repeat sent a secret for written back as that secret. */
  private withSecrets(url: string): URL {
    return new URL(new TextTemplate(url, undefined).render(this.sent, ''));
  }
}

/**
 * Whether a recorded GET carried the verify token the subscription it arrived during sent: a callback of a step's
 * own checks that token, not the run's. Both are the same placeholder in the cassette when they were equal live.
 */
function sameToken(recorded: URL, during: ReplayEntry): boolean {
  const got = recorded.searchParams.get('hub.verify_token');
  const id = got === null ? undefined : placeholderIdOf(got);
  return id !== undefined && during.request.params.some(([name, value]) => name === 'verify_token' && value === id);
}

/** Cassettes recorded before `startedAtMs` existed order by `startedAt`, to the millisecond. */
function startMs(exchange: Exchange): number {
  return exchange.startedAtMs ?? Date.parse(exchange.startedAt);
}

/** Position of the last exchange started at or before `ms` (the first one when none was). */
function lastStartedBy(starts: Array<{ index: number; ms: number }>, ms: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = starts[0]?.index ?? -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]!.ms <= ms) {
      found = starts[mid]!.index;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

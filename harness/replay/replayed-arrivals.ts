import { bodyBytes } from '../http/stored-body.js';
import type { Exchange } from '../model/index.js';
import { type RecordedArrival, type VirtualReceiver, virtualReceiver } from '../receiver/virtual-receiver.js';
import { verifySignature } from '../notification/verify-signature.js';
import type { Answer, Receiver } from '../receiver/types.js';
import { placeholderIdOf } from '../redaction/placeholder.js';
import type { ReplaySource } from './load-replay.js';
import type { ReplayEntry } from './match-index.js';
import { TextTemplate } from './text-template.js';
import { parseJson as parseBoundedJson } from '../validation/nesting.js';

export interface ArrivalFacts {
  /** The verify token the repeat uses (a placeholder alias when the cassette is redacted). */
  verifyToken: string;
  /** The secret notifications are checked against (the cassette's stand-in when redacted). */
  appSecret: string;
}

/**
 * The webhook requests of a recorded run, delivered offline: each one arrives while the replay serves the
 * exchange that was in flight (or last started) when it reached the receiver live, at the receiver whose
 * address it was sent to.
 */
export class ReplayedArrivals {
  private readonly byExchange = new Map<number, Exchange[]>();
  private readonly receivers = new Map<string, VirtualReceiver>();
  /** Every secret the repeat has sent so far, by the placeholder id it stands for. */
  private readonly sent = new Map<string, string>();

  constructor(
    source: ReplaySource,
    private readonly facts: ArrivalFacts,
  ) {
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

  /** The receiver at `url`'s origin (one per address, so a later arrival finds the one the run holds). */
  receiverAt(url: string): Receiver {
    return this.receiverFor(new URL(url).origin);
  }

  /**
   * The replay is about to answer recorded `entry`: what arrived during it arrives now. A verification GET
   * carries the verify token the subscription sent, redacted in the cassette: it arrives with the secret this
   * repeat sent in that placeholder's place (`carried`), as the target would echo it live, since a step that
   * subscribes with a token of its own (`given.token`) compares the GET's with the real value.
   */
  release(entry: ReplayEntry, carried: ReadonlyMap<string, string>): void {
    for (const [id, value] of carried) this.sent.set(id, value);
    for (const exchange of this.byExchange.get(entry.index) ?? []) {
      const recorded = new URL(exchange.request.url);
      const url = exchange.kind === 'webhook-verification' ? this.withSecrets(exchange.request.url) : recorded;
      this.receiverFor(recorded.origin).deliver(this.arrivalOf(exchange, url, recorded, entry));
    }
  }

  /** A recorded URL with the placeholders this repeat sent a secret for written back as that secret. */
  private withSecrets(url: string): URL {
    return new URL(new TextTemplate(url, undefined).render(this.sent, ''));
  }

  private receiverFor(origin: string): VirtualReceiver {
    let receiver = this.receivers.get(origin);
    if (!receiver) this.receivers.set(origin, (receiver = virtualReceiver(origin)));
    return receiver;
  }

  private arrivalOf(exchange: Exchange, url: URL, recorded: URL, during: ReplayEntry): RecordedArrival {
    const { request, targetTime, tlsClient } = exchange;
    const base = {
      arrivedAt: targetTime?.from ?? Math.floor(Date.parse(exchange.startedAt) / 1000),
      arrivalClock: targetTime ? ('target' as const) : ('wall' as const),
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      answered: answerOf(exchange),
      ...(tlsClient ? { tlsClient: { ...tlsClient, authorized: true } } : {}),
    };
    if (exchange.kind === 'webhook-verification') {
      const query = url.searchParams;
      const challenge = query.get('hub.challenge') ?? undefined;
      const verifyToken = query.get('hub.verify_token') ?? undefined;
      return {
        ...base,
        ...(query.has('hub.mode') ? { mode: query.get('hub.mode')! } : {}),
        ...(challenge !== undefined ? { challenge } : {}),
        ...(verifyToken !== undefined ? { verifyToken } : {}),
        challengeIsInteger: challenge !== undefined && /^-?\d+$/.test(challenge),
        tokenMatched: verifyToken === this.facts.verifyToken || sameToken(recorded, during),
      };
    }
    const rawBody = bodyBytes(request.body, request.bodyEncoding);
    const signature = request.headers['x-hub-signature-256'] ?? request.headers['X-Hub-Signature-256'];
    return { ...base, rawBody, json: parseJson(rawBody), signature: verifySignature(rawBody, signature, this.facts.appSecret) };
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

function answerOf(exchange: Exchange): Answer {
  if (exchange.response) return { status: exchange.response.status, body: exchange.response.body ?? '' };
  return { outcome: exchange.error?.code === 'RECEIVER_HANG' ? 'hang' : 'reset' };
}

function parseJson(raw: Buffer): unknown {
  try {
    return parseBoundedJson(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

import { bodyBytes } from '../http/stored-body.js';
import type { Exchange } from '../model/index.js';
import { type RecordedArrival, type VirtualReceiver, virtualReceiver } from '../receiver/virtual-receiver.js';
import { verifySignature } from '../receiver/verify-signature.js';
import type { Answer, Receiver } from '../receiver/types.js';
import type { ReplaySource } from './load-replay.js';

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

  /** The replay is about to answer recorded exchange `index`: what arrived during it arrives now. */
  release(index: number): void {
    for (const exchange of this.byExchange.get(index) ?? []) {
      const url = new URL(exchange.request.url);
      this.receiverFor(url.origin).deliver(this.arrivalOf(exchange, url));
    }
  }

  private receiverFor(origin: string): VirtualReceiver {
    let receiver = this.receivers.get(origin);
    if (!receiver) this.receivers.set(origin, (receiver = virtualReceiver(origin)));
    return receiver;
  }

  private arrivalOf(exchange: Exchange, url: URL): RecordedArrival {
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
        tokenMatched: verifyToken === this.facts.verifyToken,
      };
    }
    const rawBody = bodyBytes(request.body, request.bodyEncoding);
    const signature = request.headers['x-hub-signature-256'] ?? request.headers['X-Hub-Signature-256'];
    return { ...base, rawBody, json: parseJson(rawBody), signature: verifySignature(rawBody, signature, this.facts.appSecret) };
  }
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
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

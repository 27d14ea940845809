import type { IncomingMessage, ServerResponse } from 'node:http';
import { REPLAY_MISS_HEADER } from '../headers.js';
import type { BoundedBody } from '../http/body-limit.js';
import { explainMiss, formatMiss, type MissExplanation } from './explain-miss.js';
import type { MatchMode, ReplayEntry } from './match-index.js';
import { type NormalizedRequest, normalizeRequest, type RequestInput } from './normalize-request.js';
import { type RenderedResponse, writeBody } from '../http/answer.js';
import type { ReplaySource } from './load-replay.js';
import { maskedKey } from './secret-wildcards.js';

/** Status of a replay miss: outside what any target answers, so it is never taken for the target's error. */
export const REPLAY_MISS_STATUS = 599;
/** Header on every miss response; an engine that sees it must report "could not judge", never a verdict. */
export { REPLAY_MISS_HEADER };

export interface ReplayerOptions {
  match?: MatchMode;
  /** Where misses are logged (one block of lines each). Default: stderr. */
  log?: (text: string) => void;
  /**
   * Told of each recorded exchange about to be answered, before the answer is sent, with the real secrets the
   * request carried by placeholder id (what the recorded answer, and what arrives meanwhile, name in their place).
   */
  onServe?: (entry: ReplayEntry, carried: ReadonlyMap<string, string>) => void;
}

export type Lookup =
  | { kind: 'answer'; response: RenderedResponse }
  | { kind: 'drop' }
  | { kind: 'miss'; miss: MissExplanation };

export interface LiveRequest {
  normal: NormalizedRequest;
  /** Real secrets the request carried, by placeholder id. */
  carried: Map<string, string>;
}

/** What decides the normal form of a request without a body: method, target, and a token sent as a header. */
function bodilessKey(input: RequestInput): string {
  const authorization = input.headers.authorization;
  const auth = Array.isArray(authorization) ? authorization[0] : authorization;
  return auth === undefined ? `${input.method} ${input.target}` : `${input.method} ${input.target}\u0000${auth}`;
}

/** True when a response is graphcheck's replay miss rather than an answer from the cassette. */
export function isReplayMiss(status: number, headers: Record<string, unknown>): boolean {
  return status === REPLAY_MISS_STATUS && headers[REPLAY_MISS_HEADER] === 'miss';
}

/** Answers requests from a loaded cassette; the replay server and the recorder's replaying modes share it. */
export class Replayer {
  private readonly missLog: MissExplanation[] = [];
  private servedCount = 0;
  readonly mode: MatchMode;
  private readonly log: (text: string) => void;
  private readonly onServe: ReplayerOptions['onServe'];
  /** Bodiless requests already normalised (neither the result nor its `carried` map is changed after). */
  private readonly normalized = new Map<string, LiveRequest>();
  private normalizedAt = 0;

  constructor(
    readonly source: ReplaySource,
    options: ReplayerOptions = {},
  ) {
    this.mode = options.match ?? 'strict';
    this.log = options.log ?? ((text) => process.stderr.write(`${text}\n`));
    this.onServe = options.onServe;
  }

  normalize(input: RequestInput): LiveRequest {
    // A client repeats the same requests (the same token, the same pages): one without a body is normalised once.
    const cacheKey = input.body.length === 0 && !input.bodyTooLarge && input.target.length < 2048 ? bodilessKey(input) : undefined;
    const resolver = this.source.resolver;
    if (cacheKey !== undefined) {
      if (this.normalizedAt !== resolver.generation) {
        this.normalized.clear();
        this.normalizedAt = resolver.generation;
      }
      const cached = this.normalized.get(cacheKey);
      if (cached) return cached;
    }
    const carried = new Map<string, string>();
    const live = { normal: normalizeRequest(input, resolver, this.source.matchOptions, carried), carried };
    if (cacheKey !== undefined) {
      if (this.normalized.size >= 10_000) this.normalized.clear();
      this.normalized.set(cacheKey, live);
    }
    return live;
  }

  /** The recorded answer to `live` (marking it served), or why there is none. */
  lookup(live: LiveRequest, origin: string): Lookup {
    const { keys, sent } = this.candidates(live);
    const found = this.source.index.takeFirst(keys, this.mode);
    const taken = found?.result;
    if (taken === undefined || 'exhausted' in taken) {
      return {
        kind: 'miss',
        miss: explainMiss(live.normal, this.source.index, taken?.exhausted),
      };
    }
    this.servedCount++;
    const carried = this.personalised(live, taken.entry, sent[found!.at]);
    this.onServe?.(taken.entry, carried);
    const { template } = taken.entry;
    // Recorded without a response (reset, timeout): the client sees the connection drop again.
    if (!template) return { kind: 'drop' };
    return { kind: 'answer', response: template.render(carried, origin) };
  }

  /**
   * The secrets an answer is rendered with: those the request carried, and under `--secrets any` what it sent in
   * each place where the answered request held a secret, by that request's own placeholders. Requests of one shape
   * share a key but not their secrets (the same read recorded with two tokens): the shape's first request names
   * other placeholders than the one answered.
   */
  private personalised(live: LiveRequest, entry: ReplayEntry, sentByShape: Map<string, string> | undefined): ReadonlyMap<string, string> {
    const own = entry.shape ? maskedKey(live.normal, entry.shape, live.carried)?.sent : undefined;
    const sent = own ?? sentByShape;
    return sent?.size ? new Map([...live.carried, ...sent]) : live.carried;
  }

  /** The keys `live` may be filed under: its own, or under `--secrets any` one per shape of recorded request. */
  private candidates(live: LiveRequest): { keys: string[]; sent: Array<Map<string, string>> } {
    if (this.source.matchOptions.secrets !== 'any') return { keys: [live.normal.key], sent: [] };
    const keys: string[] = [];
    const sent: Array<Map<string, string>> = [];
    for (const shape of this.source.shapes) {
      const masked = maskedKey(live.normal, shape, live.carried);
      if (!masked) continue;
      keys.push(masked.key);
      sent.push(masked.sent);
    }
    return { keys, sent };
  }

  /** Answers from the cassette and returns undefined, or returns why it could not (nothing is sent then). */
  answer(req: IncomingMessage, res: ServerResponse, origin: string, body: BoundedBody): MissExplanation | undefined {
    const live = this.normalize({
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      headers: req.headers,
      body: body.bytes,
      ...(body.tooLarge ? { bodyTooLarge: body.tooLarge } : {}),
    });
    const found = this.lookup(live, origin);
    if (found.kind === 'miss') return found.miss;
    if (found.kind === 'drop') req.socket.destroy();
    else {
      res.writeHead(found.response.status, found.response.headers);
      writeBody(res, found.response.body);
    }
    return undefined;
  }

  /**
   * Logs a miss and returns the answer for it: status 599; JSON naming the nearest recorded requests, and the
   * contract's error envelope beside it, so a Graph SDK (which reads only `error`) raises the miss as an error.
   */
  missResponse(miss: MissExplanation): RenderedResponse {
    this.missLog.push(miss);
    this.log(formatMiss(miss));
    const error = { message: `graphcheck replay miss: ${miss.request}: ${miss.reason}`, type: 'GraphcheckReplayMiss', code: REPLAY_MISS_STATUS };
    const body = Buffer.from(JSON.stringify({ error, graphcheck_replay_miss: miss }));
    const headers = [
      'content-type',
      'application/json; charset=utf-8',
      'content-length',
      String(body.length),
      REPLAY_MISS_HEADER,
      'miss',
    ];
    return { status: REPLAY_MISS_STATUS, headers, body };
  }

  /** Sends the miss answer and logs it. */
  refuse(res: ServerResponse, miss: MissExplanation): void {
    const out = this.missResponse(miss);
    res.writeHead(out.status, 'Replay Miss', out.headers);
    res.end(out.body);
  }

  /** Every miss so far: a non-empty list means an offline run did not see the traffic it recorded. */
  misses(): readonly MissExplanation[] {
    return this.missLog;
  }

  get served(): number {
    return this.servedCount;
  }
}

import type { ClientAnswer } from '../http/answer.js';
import type { Exchange } from '../model/index.js';
import type { PlaceholderInfo } from '../redaction/placeholder.js';
import type { MissExplanation } from './explain-miss.js';
import { loadReplay, replayEntry } from './load-replay.js';
import type { MatchMode } from './match-index.js';
import type { RequestInput, SecretMatching } from './normalize-request.js';
import { Replayer } from './replayer.js';

export interface ReplayingOptions {
  match?: MatchMode;
  ignoreVersion?: boolean;
  /** How a secret the request carries must agree with the recorded one (default `hash`). */
  secrets?: SecretMatching;
  log?: (text: string) => void;
}

/**
 * The cassette answering in front of a recorder whose mode replays (once over an existing cassette,
 * new_episodes, none): an answer, a dropped connection, or, on a miss, nothing when the recorder forwards the
 * rest, the miss's own answer when it never forwards. What the recorder stores next is answered too.
 */
export async function replayingFront(cassette: string, forwarding: boolean, options: ReplayingOptions = {}) {
  const source = await loadReplay(cassette, { ignoreVersion: options.ignoreVersion, ...(options.secrets ? { secrets: options.secrets } : {}) });
  const replayer = new Replayer(source, { match: options.match, log: options.log });
  return {
    servable: source.index.size,
    answer(request: RequestInput, clientBase: string): ClientAnswer | undefined {
      const found = replayer.lookup(replayer.normalize(request), clientBase);
      if (found.kind === 'answer') return found.response;
      if (found.kind === 'drop') return 'drop';
      return forwarding ? undefined : replayer.missResponse(found.miss);
    },
    stored(exchange: Exchange, index: number, placeholders: Readonly<Record<string, PlaceholderInfo>>): void {
      source.resolver.add({ ...placeholders });
      source.index.addServed(replayEntry(exchange, index, source));
    },
    misses: (): readonly MissExplanation[] => replayer.misses(),
    close: (): void => source.spool.close(),
  };
}

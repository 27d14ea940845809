/** The replay API: serve a cassette, or load it for offline checks. See docs/cassettes.md. */
export type { MissExplanation, NearMiss } from './explain-miss.js';
export { loadReplay, type ReplaySource } from './load-replay.js';
export type { MatchMode } from './match-index.js';
export {
  type ReplayServerOptions,
  type RunningReplay,
  startReplayServer,
} from './replay-server.js';
export {
  isReplayMiss,
  REPLAY_MISS_HEADER,
  REPLAY_MISS_STATUS,
} from './replayer.js';

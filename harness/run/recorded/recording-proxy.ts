import { type RecorderOptions, type RunningRecorder, startRecorder } from '../../recorder/recorder.js';
import { type ReplayingOptions, replayingFront } from '../../replay/replaying-front.js';

export interface RecordingProxyOptions extends Omit<RecorderOptions, 'replaying'> {
  /** Replaying modes: how recorded answers are taken (strict: each once, in order; last: then the last again). */
  match?: ReplayingOptions['match'];
  /** Replaying modes: paths match without their `/vX.Y` prefix. */
  ignoreVersion?: boolean;
  /** Replaying modes: how a secret the request carries must agree with the recorded one (default `hash`). */
  secretMatching?: ReplayingOptions['secrets'];
}

/**
 * The recording proxy of `graphcheck record` and `run --record`: the recorder, with the replay answering in front
 * of it when the mode says so. Composed here, above both, so neither imports the other.
 */
export function startRecordingProxy(options: RecordingProxyOptions): Promise<RunningRecorder> {
  const { match, ignoreVersion, secretMatching, log } = options;
  const replaying = { ...(match ? { match } : {}), ...(ignoreVersion ? { ignoreVersion } : {}), ...(secretMatching ? { secrets: secretMatching } : {}), ...(log ? { log } : {}) };
  return startRecorder({ ...options, replaying: (cassette, forwarding) => replayingFront(cassette, forwarding, replaying) });
}

/** The recorder API: the reverse proxy, the HTTPS forward proxy, record modes. See docs/cassettes.md. */
export { DEFAULT_SERVICE_HOSTS, type RunningForwardProxy, startForwardProxy } from './forward-proxy.js';
export { RECORD_MODES, type RecordMode } from './cli-options.js';
export {
  type RecorderOptions,
  type RunningRecorder,
  startRecorder,
} from './recorder.js';
export {
  type ClientAnswer,
  type RecordingOptions,
  RecordingSession,
} from './recording-session.js';

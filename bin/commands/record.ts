import { loadOrCreateAuthority } from '../../harness/ca/ca-files.js';
import type { CertificateAuthority } from '../../harness/ca/certificate-authority.js';
import {
  DEFAULT_SERVICE_HOSTS,
  type RunningForwardProxy,
  startForwardProxy,
} from '../../harness/recorder/forward-proxy.js';
import type { RunningRecorder } from '../../harness/recorder/recorder.js';
import { type RecordingProxyOptions, startRecordingProxy } from '../../harness/run/recorded/recording-proxy.js';
import type { RecordMode } from '../../harness/recorder/record-mode.js';
import type { SecretMatching } from '../../harness/replay/normalize-request.js';
import { logLine } from '../../harness/reports/output-edge.js';
import { countOf } from '../../harness/words.js';
import { listenError } from '../../harness/http/listen.js';
import type { CommandContext } from '../command-context.js';
import { noRedactNotice } from '../flags.js';
import { untilSignal } from '../until-signal.js';


export interface RecordCommandOptions {
  target: string;
  cassette: string;
  port: number;
  host: string;
  redact: boolean;
  mode: RecordMode;
  appSecret?: string;
  match: 'strict' | 'last';
  ignoreVersion?: boolean;
  /** Also run an HTTPS forward proxy (for `HTTPS_PROXY` clients) on this port. */
  forwardProxyPort?: number;
  caCert?: string;
  caKey?: string;
  serviceHost?: string[];
  /** Milliseconds to wait on the target before the client gets the recorder's 502 (default 60 000). */
  timeout?: number;
  /** Replaying modes: how a secret a request carries must agree with the recorded one. */
  secrets?: SecretMatching;
  /** The most bytes of one body held in memory (default 16 MiB). */
  maxBody?: number;
  /** Where `GRAPHCHECK_APP_SECRET` is read when `appSecret` is not given (default: the process's environment). */
  env?: NodeJS.ProcessEnv;
}

export interface RunningRecordCommand {
  recorder: RunningRecorder;
  forwardProxy?: RunningForwardProxy;
  close(): Promise<void>;
}

/** Starts the recording proxy and prints its address; the caller decides when it stops. */
export async function startRecordCommand(
  options: RecordCommandOptions,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<RunningRecordCommand> {
  if (!options.redact) warn(noRedactNotice(options.cassette));
  // CA files given are read before anything starts: a wrong path is one line, not a proxy that then stops.
  const givenCa =
    options.forwardProxyPort !== undefined && (options.caCert || options.caKey)
      ? await loadOrCreateAuthority({ cert: options.caCert, key: options.caKey })
      : undefined;
  // A cassette reopened to go on whose header has redaction off is refused unless --no-redact (CassetteWriter.reopen).
  const recorder = await startRecordingProxy(proxyOptions(options, warn));
  print(banner(recorder, options));
  if (options.forwardProxyPort === undefined) return { recorder, close: () => recorder.close() };
  try {
    return await withForwardProxy(recorder, options.forwardProxyPort, givenCa, options, print);
  } catch (error) {
    await recorder.close();
    throw error;
  }
}

function proxyOptions(options: RecordCommandOptions, warn: (line: string) => void): RecordingProxyOptions {
  return {
    target: options.target,
    cassette: options.cassette,
    host: options.host,
    port: options.port,
    mode: options.mode,
    redact: options.redact,
    appSecret: options.appSecret ?? (options.env ?? process.env).GRAPHCHECK_APP_SECRET,
    match: options.match,
    ignoreVersion: options.ignoreVersion,
    // Misses and the target's errors quote what others sent: inert, like everything we print that others wrote.
    log: (text) => warn(logLine(text)),
    ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
    ...(options.secrets ? { secretMatching: options.secrets } : {}),
    ...(options.maxBody ? { maxBodyBytes: options.maxBody } : {}),
  };
}

/** The HTTPS forward proxy beside the recorder, through the same handler; its CA the one given, else a new one. */
async function withForwardProxy(
  recorder: RunningRecorder,
  port: number,
  givenCa: CertificateAuthority | undefined,
  options: RecordCommandOptions,
  print: (line: string) => void,
): Promise<RunningRecordCommand> {
  const certOut = `${options.cassette}.ca.pem`;
  const ca = givenCa ?? (await loadOrCreateAuthority({ certOut }));
  const hosts = options.serviceHost ?? DEFAULT_SERVICE_HOSTS;
  const maxBody = options.maxBody ? { maxBodyBytes: options.maxBody } : {};
  const forwardProxy = await startForwardProxy({ handler: recorder.handler, ca, hosts, port, ...maxBody }).catch((error: unknown) => {
    throw listenError(error, '127.0.0.1', port, '--forward-proxy-port');
  });
  print(`HTTPS forward proxy on ${forwardProxy.url} for ${hosts.join(', ')} -> ${options.target} (clients trust ${options.caCert ?? certOut})`);
  const close = async (): Promise<void> => {
    await forwardProxy.close();
    await recorder.close();
  };
  return { recorder, forwardProxy, close };
}

/** The first line: what the proxy does, said plainly when the mode means it only replays. */
function banner(recorder: RunningRecorder, options: RecordCommandOptions): string {
  const { plan, servable } = recorder;
  const held = countOf(servable, 'exchange');
  if (!plan.forward) {
    const why = options.mode === 'once' ? `mode once and ${options.cassette} exists` : `mode ${options.mode}`;
    return (
      `replaying proxy on ${recorder.url} <- ${options.cassette} (${why}: ${held} servable; nothing reaches ` +
      `${options.target}, nothing is recorded; to record afresh use --mode all, to add what it lacks --mode new_episodes)`
    );
  }
  if (plan.replay) {
    return `recording proxy on ${recorder.url} -> ${options.target} (mode ${options.mode}: ${held} of ${options.cassette} replayed, the rest recorded into it)`;
  }
  return `recording proxy on ${recorder.url} -> ${options.target} (mode ${options.mode}, cassette ${options.cassette})`;
}

/** The last line: what the cassette holds, and what it could not take (never a success that hides a loss). */
export function recordedSummary(recorder: Pick<RunningRecorder, 'recorded' | 'lost'>, cassette: string): string {
  const said = `recorded ${countOf(recorder.recorded(), 'exchange')} into ${cassette}`;
  const { exchanges, reason } = recorder.lost();
  if (exchanges === 0) return said;
  return `${said}; ${countOf(exchanges, 'exchange')} lost: the cassette could not take them (${reason}), and was cut back to its last whole exchange`;
}

/** `graphcheck record`: the proxy until SIGINT or SIGTERM, then what it recorded; a replay miss exits 1. */
export async function recordUntilSignal(options: RecordCommandOptions, cx: CommandContext): Promise<void> {
  // Listening for the signal before the banner is printed: a client may stop us as soon as it reads it.
  const stopped = untilSignal();
  const running = await startRecordCommand({ ...options, env: cx.env }, (line) => cx.stdout(`${line}\n`), (line) => cx.stderr(`${line}\n`));
  await stopped;
  await running.close();
  cx.stderr(`${recordedSummary(running.recorder, options.cassette)}\n`);
  if (running.recorder.lost().exchanges > 0) cx.setExitCode(1);
  // Replaying modes never reach the target: a request the cassette could not answer fails the session (CI).
  const misses = running.recorder.misses().length;
  if (misses > 0) {
    cx.stderr(`${countOf(misses, 'request')} had no recorded answer (mode ${options.mode}): see the lines above\n`);
    cx.setExitCode(1);
  }
}

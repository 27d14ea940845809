import type { Command } from 'commander';
import { parseRecordMode, type RecordMode } from '../../harness/recorder/record-mode.js';
import { loadOrCreateAuthority } from '../../harness/ca/ca-files.js';
import {
  DEFAULT_SERVICE_HOSTS,
  type RunningForwardProxy,
  startForwardProxy,
} from '../../harness/recorder/forward-proxy.js';
import { type RunningRecorder, startRecorder } from '../../harness/recorder/recorder.js';
import {
  noRedactNotice,
  parseByteSize,
  parseMatchMode,
  parsePort,
  parseSecretMatching,
  untilSignal,
} from '../../harness/recorder/cli-options.js';
import { DEFAULT_MAX_BODY, sizeWords } from '../../harness/http/body-limit.js';
import type { SecretMatching } from '../../harness/replay/normalize-request.js';
import { inertText } from '../../harness/reports/inert-text.js';
import { countOf } from '../../harness/words.js';
import { listenError } from '../../harness/http/listen.js';
import { targetUrlFlag, wholeNumberFlag } from '../flags.js';

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
  const recorder = await startRecorder({
    target: options.target,
    cassette: options.cassette,
    host: options.host,
    port: options.port,
    mode: options.mode,
    redact: options.redact,
    appSecret: options.appSecret ?? process.env.GRAPHCHECK_APP_SECRET,
    match: options.match,
    ignoreVersion: options.ignoreVersion,
    // Misses and the target's errors quote what others sent: inert, like everything we print that others wrote.
    log: (text) => warn(inertText(text)),
    ...(options.timeout !== undefined ? { timeoutMs: options.timeout } : {}),
    ...(options.secrets ? { secretMatching: options.secrets } : {}),
    ...(options.maxBody ? { maxBodyBytes: options.maxBody } : {}),
  });
  // A cassette reopened to go on keeps its own header's choice: one whose redaction is off is said to be, as
  // --no-redact is (which, said above already, is not said twice).
  if (options.redact && recorder.session.writesSecrets) warn(noRedactNotice(options.cassette));
  print(banner(recorder, options));
  if (options.forwardProxyPort === undefined) return { recorder, close: () => recorder.close() };
  const certOut = `${options.cassette}.ca.pem`;
  try {
    const ca = givenCa ?? (await loadOrCreateAuthority({ certOut }));
    const hosts = options.serviceHost ?? DEFAULT_SERVICE_HOSTS;
    const port = options.forwardProxyPort;
    const forwardProxy = await startForwardProxy({ session: recorder.session, ca, hosts, port }).catch(
      (error: unknown) => {
        throw listenError(error, '0.0.0.0', port, '--forward-proxy-port');
      },
    );
    const trust = options.caCert ?? certOut;
    print(
      `HTTPS forward proxy on ${forwardProxy.url} for ${hosts.join(', ')} -> ${options.target} (clients trust ${trust})`,
    );
    const close = async (): Promise<void> => {
      await forwardProxy.close();
      await recorder.close();
    };
    return { recorder, forwardProxy, close };
  } catch (error) {
    await recorder.close();
    throw error;
  }
}

/** The first line: what the proxy does, said plainly when the mode means it only replays. */
function banner(recorder: RunningRecorder, options: RecordCommandOptions): string {
  const { plan, servable } = recorder.session;
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

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function register(program: Command): void {
  program
    .command('record')
    .description('run a loopback proxy that forwards to the target and appends every exchange to a cassette')
    .requiredOption('--target <url>', 'base URL of the target to forward to', targetUrlFlag)
    .requiredOption('--cassette <file>', 'cassette file to write (YAML stream)')
    .option('--port <port>', 'port to listen on (0 = a free port)', parsePort, 0)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option(
      '--timeout <ms>',
      'how long to wait on the target before answering 502 and recording the exchange as an error (default 60000)',
      (value: string) => wholeNumberFlag('--timeout', value, 1),
    )
    .option(
      '--no-redact',
      'write secrets into the cassette as sent (tokens, client secrets, codes, cookies, app secret)',
    )
    .option(
      '--mode <mode>',
      'once | new_episodes | none | all (as VCR)',
      parseRecordMode,
      'once' as RecordMode,
    )
    .option(
      '--app-secret <secret>',
      'app secret to redact and to re-sign notifications with (env GRAPHCHECK_APP_SECRET)',
    )
    .option('--match <mode>', 'replaying modes: strict | last', parseMatchMode, 'strict')
    .option('--ignore-version', 'replaying modes: match paths without their /vX.Y prefix')
    .option(
      '--secrets <how>',
      'replaying modes: hash (a secret must be the recorded one) or any (any value where one was recorded)',
      parseSecretMatching,
    )
    .option(
      '--max-body <size>',
      `the most bytes of one request or answer held in memory (default ${sizeWords(DEFAULT_MAX_BODY)}); past it the exchange is kept as size and hash and the client gets 413 or 502`,
      (value: string) => parseByteSize(value),
    )
    .option(
      '--forward-proxy-port <port>',
      'also serve HTTPS_PROXY clients (hard-coded hosts) on this port',
      parsePort,
    )
    .option(
      '--ca-cert <file>',
      'forward proxy: CA certificate clients trust (ca.pem of `graphcheck ca --out DIR`)',
    )
    .option('--ca-key <file>', "forward proxy: that CA's key, ca-key.pem (default: a new CA, written to CASSETTE.ca.pem)")
    .option(
      '--service-host <host>',
      `forward proxy: a host sent to --target (repeatable; default ${DEFAULT_SERVICE_HOSTS.join(', ')})`,
      collect,
    )
    .action(async (options: RecordCommandOptions) => {
      // Listening for the signal before the banner is printed: a client may stop us as soon as it reads it.
      const stopped = untilSignal();
      const running = await startRecordCommand(options);
      await stopped;
      await running.close();
      process.stderr.write(`recorded ${countOf(running.recorder.recorded(), 'exchange')} into ${options.cassette}\n`);
      // Replaying modes never reach the target: a request the cassette could not answer fails the session (CI).
      const misses = running.recorder.misses().length;
      if (misses > 0) {
        process.stderr.write(`${countOf(misses, 'request')} had no recorded answer (mode ${options.mode}): see the lines above\n`);
        process.exitCode = 1;
      }
    });
}

import type { Command } from 'commander';
import { parseRecordMode, type RecordMode } from '../../harness/recorder/record-mode.js';
import { type RunningRecorder, startRecorder } from '../../harness/recorder/recorder.js';
import { noRedactNotice, parseMatchMode, parsePort, untilSignal } from '../../harness/recorder/cli-options.js';

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
}

/** Starts the recording proxy and prints its address; the caller decides when it stops. */
export async function startRecordCommand(
  options: RecordCommandOptions,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<RunningRecorder> {
  if (!options.redact) warn(noRedactNotice(options.cassette));
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
    log: warn,
  });
  print(`recording proxy on ${recorder.url} -> ${options.target} (mode ${options.mode}, cassette ${options.cassette})`);
  return recorder;
}

export function register(program: Command): void {
  program
    .command('record')
    .description('run a loopback proxy that forwards to the target and appends every exchange to a cassette')
    .requiredOption('--target <url>', 'base URL of the target to forward to')
    .requiredOption('--cassette <file>', 'cassette file to write (YAML stream)')
    .option('--port <port>', 'port to listen on (0 = a free port)', parsePort, 0)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--no-redact', 'write secrets into the cassette as sent (tokens, client secrets, codes, cookies, app secret)')
    .option('--mode <mode>', 'once | new_episodes | none | all (as VCR)', parseRecordMode, 'once' as RecordMode)
    .option('--app-secret <secret>', 'app secret to redact and to re-sign notifications with (env GRAPHCHECK_APP_SECRET)')
    .option('--match <mode>', 'replaying modes: strict | last', parseMatchMode, 'strict')
    .option('--ignore-version', 'replaying modes: match paths without their /vX.Y prefix')
    .action(async (options: RecordCommandOptions) => {
      const recorder = await startRecordCommand(options);
      await untilSignal();
      await recorder.close();
      process.stderr.write(`recorded ${recorder.recorded()} exchanges into ${options.cassette}\n`);
    });
}

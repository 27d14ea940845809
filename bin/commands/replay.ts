import type { Command } from 'commander';
import { DEFAULT_MAX_BODY, sizeWords } from '../../harness/http/body-limit.js';
import type { SecretMatching } from '../../harness/replay/normalize-request.js';
import { type RunningReplay, startReplayServer } from '../../harness/replay/replay-server.js';
import { REPLAY_MISS_STATUS } from '../../harness/replay/replayer.js';
import {
  parseByteSize,
  parseMatchMode,
  parsePort,
  parseSecretMatching,
  untilSignal,
} from '../../harness/recorder/cli-options.js';
import { inertText } from '../../harness/reports/inert-text.js';
import { countOf } from '../../harness/words.js';

export interface ReplayCommandOptions {
  cassette: string;
  port: number;
  host: string;
  match: 'strict' | 'last';
  ignoreVersion?: boolean;
  secrets?: SecretMatching;
  maxBody?: number;
}

/** Loads the cassette, starts the replay server and prints its address. */
export async function startReplayCommand(
  options: ReplayCommandOptions,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<RunningReplay> {
  const secrets = options.secrets ?? 'hash';
  const replay = await startReplayServer({
    cassette: options.cassette,
    host: options.host,
    port: options.port,
    match: options.match,
    ignoreVersion: options.ignoreVersion,
    secrets,
    ...(options.maxBody ? { maxBodyBytes: options.maxBody } : {}),
    // A miss quotes the client's request: inert, like everything we print that others wrote.
    log: (text) => warn(inertText(text)),
  });
  const { index, count } = replay.source;
  const others = count - index.size;
  const kept = others > 0 ? ` (${countOf(others, 'webhook or content exchange')} not served)` : '';
  const how = secrets === 'any' ? 'secrets: any value where one was recorded' : 'secrets: as recorded';
  print(
    `replay server on ${replay.url} <- ${options.cassette}: ${countOf(index.size, 'exchange')} servable${kept}, match ${options.match}, ${how}`,
  );
  return replay;
}

export function register(program: Command): void {
  program
    .command('replay')
    .description(
      `answer requests from a cassette; unmatched requests get status ${REPLAY_MISS_STATUS} naming the nearest recorded ones`,
    )
    .requiredOption('--cassette <file>', 'cassette to serve')
    .option('--port <port>', 'port to listen on (0 = a free port)', parsePort, 0)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option(
      '--match <mode>',
      'strict: each recorded answer once, in order; last: then repeat the last one',
      parseMatchMode,
      'strict',
    )
    .option('--ignore-version', 'match paths without their /vX.Y prefix')
    .option(
      '--secrets <how>',
      'hash: a secret must be the recorded one (or its placeholder); any: any value where a secret was recorded (CI with dummy tokens)',
      parseSecretMatching,
      'hash' as SecretMatching,
    )
    .option(
      '--max-body <size>',
      `the most bytes of one request body held in memory (default ${sizeWords(DEFAULT_MAX_BODY)}); a larger one is matched by size and hash`,
      (value: string) => parseByteSize(value),
    )
    .action(async (options: ReplayCommandOptions) => {
      // Listening for the signal before the banner is printed: a client may stop us as soon as it reads it.
      const stopped = untilSignal();
      const replay = await startReplayCommand(options);
      await stopped;
      await replay.close();
      const misses = replay.misses().length;
      process.stderr.write(`replayed ${countOf(replay.served(), 'exchange')}, ${misses} miss${misses === 1 ? '' : 'es'}\n`);
    });
}

import type { Command } from 'commander';
import { type RunningReplay, startReplayServer } from '../../harness/replay/replay-server.js';
import { REPLAY_MISS_STATUS } from '../../harness/replay/replayer.js';
import { parseMatchMode, parsePort, untilSignal } from '../../harness/recorder/cli-options.js';

export interface ReplayCommandOptions {
  cassette: string;
  port: number;
  host: string;
  match: 'strict' | 'last';
  ignoreVersion?: boolean;
}

/** Loads the cassette, starts the replay server and prints its address. */
export async function startReplayCommand(
  options: ReplayCommandOptions,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<RunningReplay> {
  const replay = await startReplayServer({
    cassette: options.cassette,
    host: options.host,
    port: options.port,
    match: options.match,
    ignoreVersion: options.ignoreVersion,
    log: warn,
  });
  const { index, count } = replay.source;
  print(
    `replay server on ${replay.url} <- ${options.cassette} (${index.size} of ${count} exchanges served, match ${options.match})`,
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
    .action(async (options: ReplayCommandOptions) => {
      const replay = await startReplayCommand(options);
      await untilSignal();
      await replay.close();
      const misses = replay.misses().length;
      process.stderr.write(
        `replayed ${replay.served()} exchanges, ${misses} miss${misses === 1 ? '' : 'es'}\n`,
      );
    });
}

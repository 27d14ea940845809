import type { SecretMatching } from '../../harness/replay/normalize-request.js';
import { type RunningReplay, startReplayServer } from '../../harness/replay/replay-server.js';
import { logLine } from '../../harness/reports/output-edge.js';
import { countOf } from '../../harness/words.js';
import type { CommandContext } from '../command-context.js';
import { untilSignal } from '../until-signal.js';


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
    log: (text) => warn(logLine(text)),
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

/** `graphcheck replay`: the replay server until SIGINT or SIGTERM, then what it served and missed. */
export async function replayUntilSignal(options: ReplayCommandOptions, cx: CommandContext): Promise<void> {
  // Listening for the signal before the banner is printed: a client may stop us as soon as it reads it.
  const stopped = untilSignal();
  const replay = await startReplayCommand(options, (line) => cx.stdout(`${line}\n`), (line) => cx.stderr(`${line}\n`));
  await stopped;
  await replay.close();
  const misses = replay.misses().length;
  cx.stderr(`replayed ${countOf(replay.served(), 'exchange')}, ${misses} miss${misses === 1 ? '' : 'es'}\n`);
}

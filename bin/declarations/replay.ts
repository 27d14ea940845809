import type { Command } from 'commander';
import { DEFAULT_MAX_BODY, sizeWords } from '../../harness/http/body-limit.js';
import type { SecretMatching } from '../../harness/replay/normalize-request.js';
import { REPLAY_MISS_STATUS } from '../../harness/replay/replayer.js';
import { type CommandContext, processContext } from '../command-context.js';
import type { ReplayCommandOptions } from '../commands/replay.js';
import { parseByteSize, parseMatchMode, parsePort, parseSecretMatching } from '../flags.js';

/** `graphcheck replay`: its flags; the replay server (bin/commands/replay.ts) is loaded when the command is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  program
    .command('replay')
    .description(`answer requests from a cassette; unmatched requests get status ${REPLAY_MISS_STATUS} naming the nearest recorded ones`)
    .requiredOption('--cassette <file>', 'cassette to serve')
    .option('--port <port>', 'port to listen on (0 = a free port)', parsePort, 0)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--match <mode>', 'strict: each recorded answer once, in order; last: then repeat the last one', parseMatchMode, 'strict')
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
      const { replayUntilSignal } = await import('../commands/replay.js');
      await replayUntilSignal(cx.paths(options, ['cassette']), cx);
    });
}

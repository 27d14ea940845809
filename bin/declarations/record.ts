import type { Command } from 'commander';
import { DEFAULT_MAX_BODY, sizeWords } from '../../harness/http/body-limit.js';
import type { RecordMode } from '../../harness/recorder/record-mode.js';
import { DEFAULT_SERVICE_HOSTS } from '../../harness/recorder/forward-proxy.js';
import { type CommandContext, processContext } from '../command-context.js';
import type { RecordCommandOptions } from '../commands/record.js';
import { parseByteSize, parseMatchMode, parsePort, parseRecordMode, parseSecretMatching, targetUrlFlag, wholeNumberFlag } from '../flags.js';

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `graphcheck record`: its flags; the recorder (bin/commands/record.ts) is loaded when the command is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  const command = program
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
    .option('--no-redact', 'write secrets into the cassette as sent (tokens, client secrets, codes, cookies, app secret)')
    .option('--mode <mode>', 'once | new_episodes | none | all (as VCR)', parseRecordMode, 'once' as RecordMode)
    .option('--app-secret <secret>', 'app secret to redact and to re-sign notifications with (env GRAPHCHECK_APP_SECRET)')
    .option(
      '--max-body <size>',
      `the most bytes of one request or answer held in memory (default ${sizeWords(DEFAULT_MAX_BODY)}); past it the exchange is kept as size and hash and the client gets 413 or 502`,
      (value: string) => parseByteSize(value),
    );
  replayingOptions(command);
  forwardProxyOptions(command).action(async (options: RecordCommandOptions) => {
    const { recordUntilSignal } = await import('../commands/record.js');
    await recordUntilSignal(cx.paths(options, ['cassette', 'caCert', 'caKey']), cx);
  });
}

/** What the modes that answer from the cassette (once, new_episodes, none) match by. */
function replayingOptions(command: Command): Command {
  return command
    .option('--match <mode>', 'replaying modes: strict | last', parseMatchMode, 'strict')
    .option('--ignore-version', 'replaying modes: match paths without their /vX.Y prefix')
    .option(
      '--secrets <how>',
      'replaying modes: hash (a secret must be the recorded one) or any (any value where one was recorded)',
      parseSecretMatching,
    );
}

/** The HTTPS forward proxy beside the reverse one, for clients that only take `HTTPS_PROXY`. */
function forwardProxyOptions(command: Command): Command {
  return command
    .option('--forward-proxy-port <port>', 'also serve HTTPS_PROXY clients (hard-coded hosts) on this port', parsePort)
    .option('--ca-cert <file>', 'forward proxy: CA certificate clients trust (ca.pem of `graphcheck ca --out DIR`)')
    .option('--ca-key <file>', "forward proxy: that CA's key, ca-key.pem (default: a new CA, written to CASSETTE.ca.pem)")
    .option(
      '--service-host <host>',
      `forward proxy: a host sent to --target (repeatable; default ${DEFAULT_SERVICE_HOSTS.join(', ')})`,
      collect,
    );
}

import type { Command } from 'commander';
import { DEFAULT_MAX_WAIT_MS } from '../../harness/client/rate-limit.js';
import { LOOPBACK_CONCURRENCY, MOST_CONCURRENCY } from '../../harness/engine/slots.js';
import { DEFAULT_RUNS, DEFAULT_TIMEOUT_MS } from '../../harness/run/defaults.js';
import { type CommandContext, processContext } from '../command-context.js';
import { durationWords, parseSecretMatching, targetUrlFlag } from '../flags.js';
import { RUN_PATH_FLAGS, type RunFlags } from '../plan-from-flags.js';
import { originOptions, selectionOptions } from './selection-options.js';

/** `graphcheck run`: its flags; the run itself (bin/commands/run.ts) is loaded when the command is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  const command = program
    .command('run')
    .description('run the suites against a target (default: the embedded reference target) and write reports')
    .option('--target <url>', 'base URL of the implementation under test', targetUrlFlag)
    .option('--profile <file>', 'target profile (YAML or JSON, contract 1); default: read from <target>/_control/profile')
    .option('--config <file>', 'config file (default: graphcheck.config.yaml here, if there is one); flags override it');
  originOptions(command);
  selectionOptions(command)
    .option('--seed <n>', 'seed for every generated value (printed by every run)')
    .option('--runs <n>', `property runs: at least n for every property rule, up to its max_runs (default: the rule's runs:, else ${DEFAULT_RUNS})`)
    .option('--report-dir <dir>', 'where the reports go (default: reports)')
    .option('--format <name...>', 'report files: json, junit, markdown, html (default: all four)')
    .option('--timeout <ms>', `per-request timeout in milliseconds (default: ${DEFAULT_TIMEOUT_MS})`)
    .option('--concurrency <n>', `rule executions at once; rules that touch global state run alone (default: by the measured round trip, ${LOOPBACK_CONCURRENCY} on loopback up to ${MOST_CONCURRENCY})`)
    .option('--max-rps <n>', 'at most n requests a second to the target, for targets that must not be pushed')
    .option('--max-wait <duration>', `the longest the run waits for rate limits, all waits together, e.g. 90s, 10m; rules limited past it are error (default: ${durationWords(DEFAULT_MAX_WAIT_MS)})`)
    .option('--version-prefix <v>', 'latest, none (bare paths) or a version such as v24.0 (default: latest)')
    .option('--fault <name...>', 'embedded reference only: turn on fault switches (comma-separated)')
    .option('--ca-dir <dir>', 'for a target without the trust capability: the CA it trusts, as written by graphcheck ca --with-key')
    .option('--baseline <file>', 'expected failures (YAML): listed failures and skips do not fail the run')
    .option('--allow-stale', 'a baseline entry whose rule now passes does not fail the run')
    .option('--update-baseline', "write the run's failures and errors to the --baseline file")
    .option('--strict', 'SHOULD failures fail the run (exit 1) instead of being warnings')
    .option('--verbose', 'also list passed rules')
    .option('--quiet', 'no progress and no line per rule: only failures and the verdict at the end')
    .option('--show-secrets', 'keep tokens, secrets and codes in reports (they are redacted by default)')
    .option('--record <file>', 'keep the whole run as a cassette (secrets redacted) that --cassette repeats offline')
    .option('--cassette <file>', 'repeat a recorded run offline: same seed, same requests, answers from the cassette')
    .option('--sequence-path <path>', "with --rule: run exactly the shrunk sequence a sequence rule's failure printed (its replay line gives it)")
    .option('--secrets <how>', 'with --cassette: hash (as recorded, default) or any (any value where a secret was recorded)', parseSecretMatching)
    .action(async (flags: RunFlags) => {
      const { runCommand } = await import('../commands/run.js');
      cx.setExitCode(await runCommand(cx.paths(flags, RUN_PATH_FLAGS), (text) => cx.stdout(text), cx.isTTY, cx));
    });
}

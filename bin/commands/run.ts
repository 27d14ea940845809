import { randomInt } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { openRun } from '../../harness/engine/open-run.js';
import { exitCodeFor, runSuites } from '../../harness/engine/run-suites.js';
import type { RuleResult, RunResult } from '../../harness/model/index.js';
import { profileSecrets } from '../../harness/profile/profile.js';
import { consoleReporter } from '../../harness/reports/console-reporter.js';
import { jsonReporter } from '../../harness/reports/json-reporter.js';
import { junitReporter } from '../../harness/reports/junit-reporter.js';
import { markdownReporter } from '../../harness/reports/markdown-reporter.js';
import { ruleRedactor } from '../../harness/reports/redact-run.js';
import { assertReportDir } from '../../harness/reports/write-report.js';
import { UserInputError } from '../../harness/errors.js';
import { loadSuites } from '../../harness/suite/load-suite.js';
import { shellWord } from '../../harness/shell-word.js';
import { assertSelection } from '../../harness/suite/select-rules.js';
import { listFlag, targetUrlFlag, wholeNumberFlag } from '../flags.js';
import { openSession } from '../run-session.js';
import type { TargetFlags } from '../target.js';

const DEFAULT_RUNS = 20;
const DEFAULT_TIMEOUT_MS = 10_000;

export const SUITES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'suites');

export interface RunFlags extends TargetFlags {
  suite?: string[];
  rule?: string[];
  seed?: string;
  /** Absent unless given: a repeat (`--cassette`) tells a flag given from the recorded value. */
  runs?: string;
  reportDir: string;
  timeout: string;
  versionPrefix?: string;
  suitesDir: string;
  verbose?: boolean;
  showSecrets?: boolean;
  caDir?: string;
  record?: string;
  cassette?: string;
}

export function register(program: Command): void {
  program
    .command('run')
    .description('run the suites against a target (default: the embedded reference target) and write reports')
    .option('--target <url>', 'base URL of the implementation under test', targetUrlFlag)
    .option('--profile <file>', 'target profile (YAML or JSON, contract 1); default: read from <target>/_control/profile')
    .option('--suite <name...>', 'run only these suites (comma-separated or repeated)')
    .option('--rule <id...>', 'run only these rules (comma-separated; a trailing * matches a prefix)')
    .option('--seed <n>', 'seed for every generated value (printed by every run)')
    .option('--runs <n>', 'property runs per rule, unless the rule says (default: 20)')
    .option('--report-dir <dir>', 'where report.json, junit.xml and summary.md go', 'reports')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', String(DEFAULT_TIMEOUT_MS))
    .option('--version-prefix <v>', 'latest, none (bare paths) or a version such as v24.0 (default: latest)')
    .option('--suites-dir <dir>', 'folder of suite YAML files', SUITES_DIR)
    .option('--fault <name...>', 'embedded reference only: turn on fault switches (comma-separated)')
    .option(
      '--ca-dir <dir>',
      'for a target without the trust capability: the CA it trusts, as written by graphcheck ca --with-key',
    )
    .option('--verbose', 'also list passed rules')
    .option('--show-secrets', 'keep tokens, secrets and codes in reports (they are redacted by default)')
    .option('--record <file>', 'keep the whole run as a cassette (secrets redacted) that --cassette repeats offline')
    .option('--cassette <file>', 'repeat a recorded run offline: same seed, same requests, answers from the cassette')
    .action(async (flags: RunFlags) => {
      process.exitCode = await runCommand(flags, (text) => process.stdout.write(text));
    });
}

/**
 * The flags besides the target that decide which requests a rule sends, as a replay command must repeat them.
 * A repeat from a cassette takes the prefix and the run count from the cassette.
 */
function replayArgs(flags: RunFlags): string {
  const args: string[] = [];
  if (!flags.cassette && flags.versionPrefix !== undefined && flags.versionPrefix !== 'latest') {
    args.push('--version-prefix', flags.versionPrefix);
  }
  if (!flags.cassette && flags.runs !== undefined && Number(flags.runs) !== DEFAULT_RUNS) args.push('--runs', flags.runs);
  if (Number(flags.timeout) !== DEFAULT_TIMEOUT_MS) args.push('--timeout', flags.timeout);
  if (resolve(flags.suitesDir) !== resolve(SUITES_DIR)) args.push('--suites-dir', shellWord(flags.suitesDir));
  return args.map((a) => ` ${a}`).join('');
}

/** Runs the suites and writes the reports; returns the exit code. */
export async function runCommand(flags: RunFlags, print: (text: string) => void): Promise<number> {
  const timeoutMs = wholeNumberFlag('--timeout', flags.timeout, 1);
  const runs = wholeNumberFlag('--runs', flags.runs ?? String(DEFAULT_RUNS), 1, 10_000);
  const seed = flags.seed === undefined ? randomInt(2 ** 31) : wholeNumberFlag('--seed', flags.seed, 0, 2 ** 32 - 1);
  if (flags.versionPrefix !== undefined && !/^(latest|none|v\d+\.\d+)$/.test(flags.versionPrefix)) {
    throw new UserInputError('USAGE', `--version-prefix ${flags.versionPrefix}: use latest, none or a version such as v24.0`);
  }
  await assertReportDir(flags.reportDir);
  const suites = await loadSuites(flags.suitesDir);
  const selection = { suites: listFlag(flags.suite), rules: listFlag(flags.rule) };
  assertSelection(suites, selection, flags.suitesDir);
  const session = await openSession(flags, selection, timeoutMs, seed, runs);
  try {
    print(`graphcheck: ${session.target.profile.base_url} (seed ${session.seed})\n`);
    const run = await openRun({
      profile: session.profile,
      timeoutMs,
      seed: session.seed,
      runs: session.runs,
      versionPrefix: session.versionPrefix,
      // Replay commands need the same CA when the target was configured by hand.
      targetArgs: session.target.args + (flags.caDir ? ` --ca-dir ${shellWord(flags.caDir)}` : ''),
      replayArgs: replayArgs(flags),
      ...(flags.caDir ? { caDir: flags.caDir } : {}),
      ...(session.host ? { host: session.host } : {}),
      ...(session.unissuedToken ? { unissuedToken: session.unissuedToken } : {}),
      ...(session.webhooks?.recording ? { recording: session.webhooks.recording } : {}),
      ...(session.webhooks?.replay ? { replay: session.webhooks.replay } : {}),
    });
    const reporters = [
      consoleReporter(print, { verbose: flags.verbose }),
      jsonReporter(flags.reportDir),
      junitReporter(flags.reportDir),
      markdownReporter(flags.reportDir),
    ];
    const secrets = { appSecret: session.target.profile.app.secret, values: profileSecrets(session.target.profile) };
    // Progress lines and report files alike see only redacted results (unless --show-secrets).
    const redact = flags.showSecrets ? (r: RuleResult) => r : ruleRedactor(secrets);
    const cache = new Map<RuleResult, RuleResult>();
    const shown = (r: RuleResult) => cache.get(r) ?? cache.set(r, redact(r)).get(r)!;
    let result: RunResult;
    try {
      result = await runSuites(suites, session.selection, run.ctx, {
        onRuleStart: (rule) => session.ruleStarted(rule.id),
        onRuleEnd: (r) => {
          const rule = shown(r);
          for (const reporter of reporters) reporter.onRuleEnd?.(rule);
        },
      });
      await session.finish(run.ctx);
    } finally {
      await run.close();
    }
    const redacted = { ...result, results: result.results.map(shown) };
    for (const reporter of reporters) await reporter.onRunEnd?.(redacted);
    print(`reports: ${flags.reportDir}/report.json, junit.xml, summary.md\n`);
    return exitCodeFor(result);
  } finally {
    await session.close();
  }
}

import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { formatsFlag } from '../plan-from-flags.js';
import { listFlag, wholeNumberFlag } from '../flags.js';
import { readCaFiles } from '../../harness/ca/index.js';
import { revealingVariants } from '../../harness/engine/callback/verify-token-variants.js';
import { UserInputError } from '../../harness/errors.js';
import type { RuleResult, RunResult } from '../../harness/model/index.js';
import { consoleReporter } from '../../harness/reports/console-reporter.js';
import { outputEdge } from '../../harness/reports/output-edge.js';
import { REPORT_FILES, reportersFor } from '../../harness/reports/reporters-for.js';
import { assertReportDir } from '../../harness/reports/write-report.js';
import { exitCodeFor, summarize } from '../../harness/run/gate.js';
import { DEFAULT_TIMEOUT_MS, runWebhookTest, type WebhookTestOptions } from '../../harness/webhook-test/index.js';

export interface WebhookTestFlags {
  callback: string;
  verifyToken: string;
  appSecret: string;
  reportDir: string;
  timeout: string;
  ca?: string;
  clientCa?: string;
  clientCn?: string;
  seed?: string;
  rule?: string[];
  format?: string[];
  strict?: boolean;
  verbose?: boolean;
  quiet?: boolean;
  suitesDir?: string;
}

/** `graphcheck webhook-test`: graphcheck plays the service against the user's own callback endpoint. */
export function register(program: Command): void {
  program
    .command('webhook-test')
    .description('act as the service against your webhook callback: verification GETs and signed notifications (suites/webhook-test.yaml)')
    .requiredOption('--callback <url>', 'your callback endpoint, e.g. https://127.0.0.1:3000/webhook')
    .requiredOption('--verify-token <token>', 'the verify token your endpoint expects')
    .requiredOption('--app-secret <secret>', 'the app secret your endpoint checks X-Hub-Signature-256 with')
    .option('--report-dir <dir>', 'where report.json, junit.xml, summary.md and report.html go', 'reports')
    .option('--format <name...>', 'report files: json, junit, markdown, html (default: all four)')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', String(DEFAULT_TIMEOUT_MS))
    .option('--ca <file>', "PEM CA to trust for an https callback (your own CA; a self-signed certificate still fails)")
    .option('--client-ca <dir>', 'mTLS: the CA folder (graphcheck ca) your endpoint trusts for client certificates')
    .option('--client-cn <name>', 'mTLS: the common name your endpoint expects of the client certificate')
    .option('--seed <n>', 'reproduce the challenges and ids of an earlier run')
    .option('--rule <id...>', 'run only these rules (ids or globs)')
    .option('--strict', 'SHOULD failures (signature advice) fail the run (exit 1) instead of being warnings')
    .option('--verbose', 'also list passed rules')
    .option('--quiet', 'no line per rule: only failures and the verdict at the end')
    .option('--suites-dir <dir>', 'suites folder (default: the shipped suites)')
    .action(async (flags: WebhookTestFlags) => {
      process.exitCode = await webhookTestCommand(flags, (text) => process.stdout.write(text));
    });
}

/** Runs the callback rules, prints and writes the reports `run` writes; returns the exit code (0, 1 or 3). */
export async function webhookTestCommand(flags: WebhookTestFlags, print: (text: string) => void): Promise<number> {
  const formats = formatsFlag(flags.format);
  const options = await optionsOf(flags);
  await assertReportDir(flags.reportDir);
  const strict = flags.strict === true;
  // Reports and the console show the near misses of the verify token as little as the token itself (the callback
  // client already keeps them out of request URLs), nor the app secret should a callback echo it; the callback's
  // text is inert.
  const edge = outputEdge({ appSecret: options.appSecret, values: revealingVariants(options.verifyToken) });
  const say = (text: string) => print(edge.line(text));
  const consoleOut = consoleReporter(say, { strict, verbose: flags.verbose, quiet: flags.quiet });
  const shown: RuleResult[] = [];
  const raw = await runWebhookTest(options, {
    onRunStart: () => say(`graphcheck webhook-test: ${options.callback} (seed ${options.seed})\n`),
    onRuleEnd: (r) => {
      const rule = edge.rule(r);
      shown.push(rule);
      consoleOut.onRuleEnd?.(rule);
    },
  });
  const result: RunResult = edge.run({ ...raw, results: shown, summary: summarize(shown, { strict }), gate: { strict, allowStale: false } });
  consoleOut.onRunEnd?.(result);
  for (const reporter of reportersFor(flags.reportDir, formats)) await reporter.onRunEnd?.(result);
  say(`reports: ${flags.reportDir}/${formats.map((f) => REPORT_FILES[f]).join(', ')}\n`);
  return exitCodeFor(result);
}

async function optionsOf(flags: WebhookTestFlags): Promise<WebhookTestOptions & { seed: number }> {
  const caPem = flags.ca ? await readCa(flags.ca) : undefined;
  const clientCa = flags.clientCa ? await readCaFiles(flags.clientCa) : undefined;
  return {
    callback: flags.callback,
    verifyToken: flags.verifyToken,
    appSecret: flags.appSecret,
    timeoutMs: wholeNumberFlag('--timeout', flags.timeout, 1),
    ...(caPem && flags.ca ? { caPem, caFile: flags.ca } : {}),
    ...(clientCa && flags.clientCa ? { clientCa, clientCaDir: flags.clientCa } : {}),
    ...(flags.clientCn ? { clientCn: flags.clientCn } : {}),
    // Drawn here so the first line can print it; the same seed reproduces every challenge and id.
    seed: flags.seed !== undefined ? wholeNumberFlag('--seed', flags.seed, 0) : randomInt(2 ** 31),
    ...(flags.rule ? { rules: listFlag(flags.rule) } : {}),
    ...(flags.suitesDir ? { suitesDir: flags.suitesDir } : {}),
  };
}

async function readCa(file: string): Promise<string> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the --ca file; pass a PEM certificate`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UserInputError('USAGE', `${file}: not a PEM certificate (no BEGIN CERTIFICATE line)`);
  }
  return pem;
}

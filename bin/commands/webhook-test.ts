import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { wholeNumberFlag } from '../flags.js';
import { UserInputError } from '../../harness/errors.js';
import { exitCodeFor } from '../../harness/run/gate.js';
import {
  DEFAULT_TIMEOUT_MS,
  formatSummary,
  runWebhookTest,
} from '../../harness/webhook-test/index.js';
import { writeReport } from '../../harness/reports/write-report.js';

export interface WebhookTestFlags {
  callback: string;
  verifyToken: string;
  appSecret: string;
  reportDir: string;
  timeout: string;
  ca?: string;
  seed?: string;
  rule?: string[];
}

/** `graphcheck webhook-test`: graphcheck plays the service against the user's own callback endpoint. */
export function register(program: Command): void {
  program
    .command('webhook-test')
    .description(
      'act as the service against your webhook callback: verification GET and signed notifications',
    )
    .requiredOption('--callback <url>', 'your callback endpoint, e.g. https://127.0.0.1:3000/webhook')
    .requiredOption('--verify-token <token>', 'the verify token your endpoint expects')
    .requiredOption('--app-secret <secret>', 'the app secret your endpoint checks X-Hub-Signature-256 with')
    .option('--report-dir <dir>', 'where webhook-test.json is written', 'reports')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', String(DEFAULT_TIMEOUT_MS))
    .option('--ca <file>', 'PEM CA (or self-signed certificate) to trust for an https callback')
    .option('--seed <n>', 'reproduce the challenges and ids of an earlier run')
    .option('--rule <id...>', 'run only these rules')
    .action(async (flags: WebhookTestFlags) => {
      process.exitCode = await webhookTestCommand(flags, (text) => process.stdout.write(text));
    });
}

/** Runs the test, writes the report, prints the summary; returns the exit code (0, 1, or 3). */
export async function webhookTestCommand(
  flags: WebhookTestFlags,
  print: (text: string) => void,
): Promise<number> {
  const caPem = flags.ca ? await readCa(flags.ca) : undefined;
  const result = await runWebhookTest({
    callback: flags.callback,
    verifyToken: flags.verifyToken,
    appSecret: flags.appSecret,
    timeoutMs: wholeNumberFlag('--timeout', flags.timeout, 1),
    ...(caPem && flags.ca ? { caPem, caFile: flags.ca } : {}),
    ...(flags.seed !== undefined ? { seed: wholeNumberFlag('--seed', flags.seed, 0) } : {}),
    ...(flags.rule ? { rules: flags.rule } : {}),
  });
  await writeReport(flags.reportDir, 'webhook-test.json', `${JSON.stringify(result, null, 2)}\n`);
  const path = join(flags.reportDir, 'webhook-test.json');
  print(`${formatSummary(result)}\nreport: ${path}\n`);
  return exitCodeFor(result);
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

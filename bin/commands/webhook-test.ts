import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { formatsFlag } from '../plan-from-flags.js';
import { listFlag, wholeNumberFlag } from '../flags.js';
import { readCaFiles } from '../../harness/ca/index.js';
import { revealingVariants } from '../../harness/engine/callback/verify-token-variants.js';
import { UserInputError } from '../../harness/errors.js';
import type { RuleResult, RunResult } from '../../harness/model/index.js';
import { consoleReporter } from '../../harness/reports/console-reporter.js';
import { outputEdge } from '../../harness/reports/output-edge.js';
import { REPORT_FILES, reportersFor } from '../../harness/reports/reporters-for.js';
import { assertReportDir, clearReports } from '../../harness/reports/write-report.js';
import { exitCodeFor, summarize } from '../../harness/verdict/gate.js';
import { runWebhookTest, type WebhookTestOptions } from '../../harness/webhook-test/index.js';

/** For callers that register this one command on a program of their own. */
export { register } from '../declarations/webhook-test.js';

/** `graphcheck webhook-test`: graphcheck plays the service against the user's own callback endpoint. */
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

/** Runs the callback rules, prints and writes the reports `run` writes; returns the exit code (0, 1 or 3). */
export async function webhookTestCommand(flags: WebhookTestFlags, print: (text: string) => void): Promise<number> {
  const formats = formatsFlag(flags.format);
  const options = await optionsOf(flags);
  await assertReportDir(flags.reportDir);
  await clearReports(flags.reportDir);
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

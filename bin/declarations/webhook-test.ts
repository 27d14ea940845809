import type { Command } from 'commander';
import { DEFAULT_TIMEOUT_MS } from '../../harness/run/defaults.js';
import { type CommandContext, processContext } from '../command-context.js';
import type { WebhookTestFlags } from '../webhook-test-plan.js';

/** `graphcheck webhook-test`: its flags; the callback run (bin/commands/webhook-test.ts) loads when it is called. */
export function register(program: Command, cx: CommandContext = processContext()): void {
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
      const { webhookTestCommand } = await import('../commands/webhook-test.js');
      const paths = cx.paths(flags, ['reportDir', 'ca', 'clientCa', 'suitesDir']);
      cx.setExitCode(await webhookTestCommand(paths, (text) => cx.stdout(text), cx.isTTY));
    });
}

import { execute } from '../../harness/run/execute.js';
import { type WebhookTestFlags, webhookTestPlan } from '../webhook-test-plan.js';

export type { WebhookTestFlags } from '../webhook-test-plan.js';


/** Runs the callback rules, prints and writes the reports `run` writes; returns the exit code (0, 1 or 3). */
export async function webhookTestCommand(flags: WebhookTestFlags, print: (text: string) => void, tty = false): Promise<number> {
  return (await execute(webhookTestPlan(flags), { print, tty })).exitCode;
}

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { webhookTestPlan } from '../../bin/webhook-test-plan.js';
import { CA_CERT_FILE, CA_KEY_FILE } from '../../harness/ca/index.js';
import type { RunResult } from '../../harness/model/index.js';
import { execute } from '../../harness/run/execute.js';
import type { Suite } from '../../harness/suite/suite.js';
import { tempFolder } from './temp-dir.js';

export interface WebhookTestRun {
  callback: string;
  verifyToken: string;
  appSecret: string;
  /** A CA the callback's certificate comes from, as `--ca` would pass its file. */
  caPem?: string;
  /** mTLS: the CA the callback trusts for client certificates, as `--client-ca` would pass its folder. */
  clientCa?: { certPem: string; keyPem: string };
  clientCn?: string;
  seed?: number;
  rules?: string[];
  /** The shipped suites, loaded once by the test file. */
  suites: Suite[];
}

/**
 * `graphcheck webhook-test` as the CLI runs it, through the one `execute`, with the suites loaded once: the CA
 * given as files in a temporary folder, the reports written there too (removed after). The result is the one the
 * reports show.
 */
export async function runWebhookTest(options: WebhookTestRun): Promise<RunResult> {
  const dir = tempFolder('graphcheck-webhook-test-');
  try {
    return await inFolder(dir, options);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function inFolder(dir: string, options: WebhookTestRun): Promise<RunResult> {
  const ca = options.caPem ? join(dir, 'callback-ca.pem') : undefined;
  if (ca) await writeFile(ca, options.caPem!);
  const clientCa = options.clientCa ? join(dir, 'client-ca') : undefined;
  if (clientCa) {
    await mkdir(clientCa);
    await writeFile(join(clientCa, CA_CERT_FILE), options.clientCa!.certPem);
    await writeFile(join(clientCa, CA_KEY_FILE), options.clientCa!.keyPem);
  }
  const plan = webhookTestPlan({
    callback: options.callback,
    verifyToken: options.verifyToken,
    appSecret: options.appSecret,
    reportDir: join(dir, 'reports'),
    ...(ca ? { ca } : {}),
    ...(clientCa ? { clientCa } : {}),
    ...(options.clientCn ? { clientCn: options.clientCn } : {}),
    ...(options.seed !== undefined ? { seed: String(options.seed) } : {}),
    ...(options.rules ? { rule: options.rules } : {}),
  });
  return (await execute(plan, { print: () => {}, suites: options.suites })).result;
}

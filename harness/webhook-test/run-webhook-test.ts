import { randomInt } from 'node:crypto';
import { createCallbackClient, cannotJudgeReason } from '../engine/callback/callback-client.js';
import { probeTls } from '../engine/callback/tls-probe.js';
import { revealingVariants } from '../engine/callback/verify-token-variants.js';
import { openCallbackRun } from '../engine/open-callback-run.js';
import { type RunEvents, runSuites } from '../engine/run-suites.js';
import { CannotJudgeError } from '../errors.js';
import type { RunResult } from '../model/index.js';
import { loadSuites } from '../engine/load-suite.js';
import { assertSelection, type RuleSelection } from '../suite/select-rules.js';
import { SUITES_DIR } from '../suite/suites-dir.js';
import { clientCertificates } from './client-certificates.js';
import { assertOptions, DEFAULT_TIMEOUT_MS, replayLine, type WebhookTestOptions } from './webhook-test-options.js';

/**
 * Plays the service against the app's callback: the suites' `side: callback` rules (suites/webhook-test.yaml),
 * run by the one engine and judged by the one checks registry. Throws UserInputError for bad options and
 * CannotJudgeError when the callback cannot be reached at all (or its certificate's issuer is unknown here);
 * every other outcome is in the RunResult, which the reporters of `run` write.
 */
export async function runWebhookTest(options: WebhookTestOptions, events: RunEvents = {}): Promise<RunResult> {
  const url = assertOptions(options);
  const suitesDir = options.suitesDir ?? SUITES_DIR;
  const suites = options.suites ?? (await loadSuites(suitesDir));
  const selection: RuleSelection = { side: 'callback', ...(options.rules?.length ? { rules: options.rules } : {}) };
  assertSelection(suites, selection, suitesDir);
  const seed = options.seed ?? randomInt(2 ** 31);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clientCerts =
    options.clientCa && options.clientCn
      ? await clientCertificates(options.clientCa, options.clientCn, options.clientCaDir ?? '--client-ca')
      : undefined;
  const caPem = options.caPem ? { caPem: options.caPem } : {};
  // Like run's preflight: a callback nobody answers, or whose issuer is unknown here, is not judged at all.
  const tls = await probeTls({ url, timeoutMs, ...caPem, ...(clientCerts?.configured ? { clientCert: clientCerts.configured } : {}) });
  if (tls.failed) throw new CannotJudgeError('TARGET_UNREACHABLE', `${options.callback}: ${cannotJudgeReason(tls.failed, timeoutMs)}`);
  if (tls.untrusted) {
    throw new CannotJudgeError(
      'TARGET_UNREACHABLE',
      `${options.callback}: TLS failed (${tls.untrusted}): the certificate's issuer is not trusted; pass --ca FILE with the CA of the endpoint's certificate`,
    );
  }
  const callback = createCallbackClient({
    url: options.callback,
    verifyToken: options.verifyToken,
    appSecret: options.appSecret,
    timeoutMs,
    tls,
    ...caPem,
    ...(clientCerts ? { clientCerts, clientCn: options.clientCn } : {}),
    secrets: revealingVariants(options.verifyToken),
  });
  const run = openCallbackRun({
    callback,
    seed,
    replayCommand: (id) => replayLine(options, seed, timeoutMs, id),
    targetSource: 'webhook-test --callback',
  });
  try {
    return await runSuites(suites, selection, run.ctx, events);
  } finally {
    await run.close();
  }
}

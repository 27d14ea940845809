import { randomInt } from 'node:crypto';
import { CannotJudgeError } from '../errors.js';
import type { Exchange, Finding, RuleResult, RunResult, Verdict } from '../model/index.js';
import type { CheckContext, WebhookCheck } from './checks.js';
import { summarize } from '../run/gate.js';
import { VERSION } from '../version.js';
import { judge } from './judge.js';
import { buildPayloads } from './payloads.js';
import { digits, seededRandom } from './seeded-random.js';
import { createSender, type Sender, transportProblem } from './send.js';
import {
  DEFAULT_TIMEOUT_MS,
  replayLine,
  selectChecks,
  type WebhookTestOptions,
} from './webhook-test-options.js';

export { DEFAULT_TIMEOUT_MS, type WebhookTestOptions } from './webhook-test-options.js';

/**
 * Plays the service against the user's callback and judges it. Throws UserInputError for bad options and
 * CannotJudgeError when the callback cannot be reached at all; every other outcome is in the RunResult.
 */
export async function runWebhookTest(options: WebhookTestOptions): Promise<RunResult> {
  const checks = selectChecks(options);
  const seed = options.seed ?? randomInt(2 ** 31);
  const random = seededRandom(seed);
  const shared: Omit<CheckContext, 'challenge'> = {
    verifyToken: options.verifyToken,
    appSecret: options.appSecret,
    wrongToken: `graphcheck-wrong-${digits(random, 8)}`,
    payloads: buildPayloads(random, Math.floor(Date.now() / 1000)),
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sender = createSender({
    callback: options.callback,
    timeoutMs,
    secrets: [options.verifyToken],
    ...(options.caPem ? { caPem: options.caPem } : {}),
  });
  const startedAt = new Date().toISOString();
  const results: RuleResult[] = [];
  try {
    for (const check of checks) {
      // Each rule draws its challenges from its own stream, so `--rule` alone replays the same values.
      const own = seededRandom(seed ^ hashOf(check.id));
      const ctx: CheckContext = { ...shared, challenge: () => digits(own, 9) };
      const result = await runCheck(check, ctx, sender, replayLine(options, seed, timeoutMs, check.id), timeoutMs);
      if (results.length === 0 && result.verdict === 'error') {
        throw new CannotJudgeError('TARGET_UNREACHABLE', `${options.callback}: ${result.reason}`);
      }
      results.push({ ...result, seed });
    }
  } finally {
    await sender.close();
  }
  return {
    tool: { name: 'graphcheck', version: VERSION },
    target: { baseUrl: options.callback, source: 'webhook-test --callback' },
    seed,
    startedAt,
    finishedAt: new Date().toISOString(),
    summary: summarize(results),
    results,
  };
}

async function runCheck(
  check: WebhookCheck,
  ctx: CheckContext,
  sender: Sender,
  replay: string,
  timeoutMs: number,
): Promise<RuleResult> {
  const started = Date.now();
  const evidence: Exchange[] = [];
  const findings: Finding[] = [];
  let reason: string | undefined;
  for (const [index, planned] of check.plan(ctx).entries()) {
    const exchange = await sender.send(planned.request);
    evidence.push(exchange);
    reason = exchange.error ? cannotJudge(exchange.error, timeoutMs) : undefined;
    if (reason) break;
    const finding = judge(planned.expect, exchange, index);
    if (finding) findings.push(finding);
  }
  const verdict: Verdict = reason ? 'error' : findings.length > 0 ? 'failed' : 'passed';
  const summary = reason ?? findings[0]?.message;
  return {
    rule: check.id,
    suite: 'webhook-test',
    title: check.title,
    strength: check.strength,
    verdict,
    ...(summary ? { reason: summary } : {}),
    cites: check.cites,
    readings: check.readings,
    findings,
    evidence,
    replay,
    durationMs: Date.now() - started,
  };
}

/**
 * Every transport error means "cannot judge", with the fix: an endpoint that gave no HTTP answer (refused, TLS,
 * no answer in time, connection closed, not HTTP) showed neither an acceptance nor a refusal. Counting a hang
 * as a refusal would pass the refusal checks of an endpoint that never looked at the request.
 */
function cannotJudge(error: { code: string; message: string }, timeoutMs: number): string {
  switch (transportProblem(error.code)) {
    case 'unreachable':
      return `cannot connect (${error.code}); is the callback server running at that address?`;
    case 'tls':
      return `TLS failed (${error.code}: ${oneLine(error.message)}); pass --ca FILE with the CA or self-signed certificate of the endpoint`;
    case 'timeout':
      return `no answer within ${timeoutMs} ms (${error.code}); is the endpoint stuck? raise --timeout if it is only slow`;
    case 'reset':
      return `the endpoint closed the connection without an HTTP answer (${error.code}); is it an HTTP(S) server?`;
    default:
      return `no HTTP answer (${error.code}: ${oneLine(error.message)}); is the endpoint an HTTP(S) server?`;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

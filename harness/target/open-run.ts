import { randomBytes } from 'node:crypto';
import { GraphClient } from '../client/graph-client.js';
import { OriginPolicy } from '../client/origin-policy.js';
import { DEFAULT_MAX_WAIT_MS, DEFAULT_RATE_LIMIT, type RateLimitPolicy, type RateLimitWait, WaitBudget } from '../client/rate-limit.js';
import { TargetLink } from '../client/target-link.js';
import { startContentHost } from '../content-host/index.js';
import { virtualContentHost } from '../content-host/virtual-host.js';
import { ControlClient } from '../control/control-client.js';
import { ClockMemory } from '../control/clock-memory.js';
import type { Profile } from '../profile/profile.js';
import { readCaFiles } from '../ca/index.js';
import type { TargetRunContext, TargetSession } from '../engine/run-context.js';
import type { Concurrency } from '../engine/slots.js';
import type { SessionPool } from '../sessions/index.js';
import { sessionsOf } from './session-world.js';
import type { Rule } from '../suite/suite.js';
import { preflight } from '../preflight/preflight.js';
import { needsOf } from '../engine/needs.js';
import { preflightScope } from '../preflight/rule-needs.js';
import { NO_DATE } from '../control/target-now.js';
import { createWebhookHarness } from '../webhooks/webhook-harness.js';
import type { ArrivalSink, ArrivalSource } from '../webhooks/arrivals.js';

export interface OpenRunOptions {
  profile: Profile;
  timeoutMs: number;
  seed: number;
  /** Property runs of a rule that does not say (`--runs`, else 20). */
  runs: number;
  /** An explicit `--runs N`: every property rule runs at least N times, whatever its own `runs:`. */
  runsFloor?: number;
  /** `latest` (default), `none` for bare paths, or a version such as v24.0. */
  versionPrefix: string;
  /** Rule executions at work at once (`--concurrency`; default 1). */
  concurrency?: Concurrency;
  /** At most this many requests a second (`--max-rps`). */
  maxRps?: number;
  /** The backoff's first wait on a rate limit that says nothing of how long. */
  rateLimitBaseMs?: number;
  /** The longest the run waits for rate limits, all waits together (`--max-wait`; default `DEFAULT_MAX_WAIT_MS`). */
  maxWaitMs?: number;
  /** Each wait for a rate limit as it starts (the progress line shows it). */
  onRateLimitWait?(wait: RateLimitWait): void;
  /** The replay command of a rule (`replayCommand(plan, id)`); default: `graphcheck run --rule ID --seed N`. */
  replayCommand?: (ruleId: string) => string;
  /** How reports name the target; default `embedded reference`. */
  targetSource?: string;
  /** `--sequence-path`: a sequence rule runs exactly that shrunk sequence, once. */
  sequencePath?: string;
  /**
   * Where requests may go (`--allow-origin`, an offline repeat's replay server); default: the profile's origins.
   * A content host this run starts is added to it.
   */
  origins?: OriginPolicy;
  /** An offline repeat's content host: the recorded run's addresses, nobody listening; default: start one. */
  recordedHost?: { url: string; unreachable: string };
  /** The never-issued token to use (an offline repeat passes the recorded one); default: a random one. */
  unissuedToken?: string;
  /** A CA the target was configured to trust by hand (`graphcheck ca --with-key`), for targets without `trust`. */
  caDir?: string;
  /** Where the run's webhook arrivals come from (default: receivers that listen; `run --cassette`: taped). */
  arrivals?: ArrivalSource;
  /** Where they go besides the steps that wait for them (`run --record`: the cassette). */
  sink?: ArrivalSink;
  /** The rules the run will judge: preflight asks only about what they reach (default: everything). */
  rules?: Rule[];
  /**
   * Whether rules that need the target alone run in sessions of their own when it serves `sessions` (contract
   * §2.1); default true. A recorded or repeated run uses none: its cassette holds one target's traffic in order.
   */
  sessions?: boolean;
  /** Each session's profile as it opens (its tokens are secrets of the run too: the output edge learns them). */
  onSessionOpened?(profile: Profile): void;
  /** Why the run stopped using sessions (a refused session profile, a failed POST /sessions), once. */
  onSessionsNote?(why: string): void;
}

/**
 * Opens a run against a target: builds the clients and the content host, then runs preflight. Its control client
 * keeps no evidence; each execution of a rule gets one that keeps into its own. `close()` stops what it started.
 */
export async function openRun(options: OpenRunOptions): Promise<{ ctx: TargetRunContext; close(): Promise<void> }> {
  const { profile } = options;
  // Read first: a wrong --ca-dir is a user error before anything starts.
  const ca = options.caDir ? await readCaFiles(options.caDir) : undefined;
  const recorded = options.recordedHost;
  const host = recorded ? virtualContentHost(recorded.url, recorded.unreachable) : await startContentHost({ host: profile.webhooks.receiver_host });
  // A content host this run started is its own server (a target may hand its links back); a recorded one is not.
  const policy = options.origins ?? OriginPolicy.forProfile(profile);
  const origins = recorded ? policy : policy.with(host.url);
  const link = new TargetLink(options.maxRps ? { maxRps: options.maxRps } : {});
  const rateLimits = rateLimitPolicy(options);
  const client = new GraphClient({ profile, timeoutMs: options.timeoutMs, origins, link, rateLimits });
  const clock = new ClockMemory();
  // One clock memory for the run: arrivals are dated by what any of its control clients last saw of the clock.
  const control = new ControlClient({ profile, timeoutMs: options.timeoutMs, clock, origins, link });
  const webhooks = createWebhookHarness({
    profile,
    control,
    ...(ca ? { ca } : {}),
    ...(options.arrivals ? { arrivals: options.arrivals } : {}),
    ...(options.sink ? { sink: options.sink } : {}),
  });
  let sessions: SessionPool<TargetSession> | undefined;
  const close = async () => {
    await sessions?.close();
    await webhooks.close();
    await host.close();
    await link.close();
  };
  try {
    const version = resolvePrefix(options.versionPrefix, profile);
    const checked = await preflight(profile, client, control, version, options.rules && preflightScope(options.rules, needsOf));
    const ctx: TargetRunContext = {
      seed: options.seed,
      runs: options.runs,
      ...(options.runsFloor ? { runsFloor: options.runsFloor } : {}),
      concurrency: options.concurrency ?? 1,
      replayCommand: options.replayCommand ?? ((id) => `graphcheck run --rule ${id} --seed ${options.seed}`),
      targetSource: options.targetSource ?? 'embedded reference',
      ...(options.sequencePath ? { sequencePath: options.sequencePath } : {}),
      target: {
        profile,
        client,
        control,
        host,
        version,
        unissuedToken: options.unissuedToken ?? `GCKunissued${randomBytes(12).toString('hex')}`,
        setupProblems: checked.problems,
        unserved: checked.unserved,
        ...(control.has('clock') || checked.sendsDate
          ? {}
          : { timeProblem: `needs the target's time: the target serves no control clock, and ${NO_DATE}` }),
        webhooks,
      },
    };
    if (options.sessions !== false && control.has('sessions')) {
      sessions = ctx.target.sessions = sessionsOf(ctx.target, {
        timeoutMs: options.timeoutMs,
        origins,
        link,
        rateLimits,
        ...(options.onSessionOpened ? { onOpened: options.onSessionOpened } : {}),
        ...(options.onSessionsNote ? { onGiveUp: options.onSessionsNote } : {}),
      });
    }
    return { ctx, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function rateLimitPolicy(options: OpenRunOptions): RateLimitPolicy {
  return {
    ...DEFAULT_RATE_LIMIT,
    budget: new WaitBudget(options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS),
    ...(options.rateLimitBaseMs !== undefined ? { baseMs: options.rateLimitBaseMs } : {}),
    ...(options.onRateLimitWait ? { onWait: options.onRateLimitWait } : {}),
  };
}

function resolvePrefix(prefix: string, profile: Profile): string | null {
  if (prefix === 'none') return null;
  // A profile naming no versions: unversioned calls, served by the app's default version (contract §3.2).
  if (prefix === 'latest') return profile.versions.latest ?? null;
  return prefix;
}

import { type OriginPolicy, profileUrls } from '../harness/client/origin-policy.js';
import type { ContentHost } from '../harness/content-host/index.js';
import type { TargetRunContext } from '../harness/engine/run-context.js';
import { UserInputError } from '../harness/errors.js';
import type { Profile } from '../harness/profile/profile.js';
import { recordedFacts, repeatPlan } from '../harness/run/recorded-plan.js';
import type { RunPlan } from '../harness/run/run-plan.js';
import { startRecording, startReplaying } from './recorded-run.js';
import { type ResolvedTarget, resolveTarget } from './target.js';
import type { WebhookRecording, WebhookReplay } from '../harness/engine/webhooks/webhook-tape.js';

/** What one `graphcheck run` talks to and with which facts: live, live and recorded, or replayed offline. */
export interface RunSession {
  target: ResolvedTarget;
  /** The profile the engine uses: the target's, or moved onto a recorder or replay server. */
  profile: Profile;
  /** Where the run may send: the target's origins (and a recorder's), or a replay server's alone. */
  origins: OriginPolicy;
  /** The run's plan; a repeat's carries the recorded seed, run count, prefix and selection. */
  plan: RunPlan;
  host?: ContentHost;
  unissuedToken?: string;
  /** The webhook side of a recorded run (`--record`) or of its repeat (`--cassette`). */
  webhooks?: { recording?: WebhookRecording; replay?: WebhookReplay };
  /** Each rule, as it starts. */
  ruleStarted(ruleId: string): void;
  /** Called after the rules ran, while the run's content host still stands; `ranIds`: the rules that ran. */
  finish(ctx: TargetRunContext, ranIds: string[]): Promise<void>;
  close(): Promise<void>;
}

/** What a session reads of its surroundings: the environment (a profile's `${ENV}`), and where notices go. */
export interface SessionSurroundings {
  env?: NodeJS.ProcessEnv;
  /** One line, no newline: a repeat's requests the cassette could not answer. */
  log?: (line: string) => void;
}

export async function openSession(plan: RunPlan, around: SessionSurroundings = {}): Promise<RunSession> {
  if (plan.target.kind === 'cassette') return replaySession(plan, plan.target.file, around.log);
  const target = await resolveTarget(plan.target, plan.timeoutMs, { env: around.env, allowOrigins: plan.allowOrigins });
  const base = { target, profile: target.profile, origins: target.origins, plan, ruleStarted: () => {} };
  if (!plan.record) return { ...base, finish: async () => {}, close: () => target.close() };
  const recording = await startRecording(plan.record, target.profile, plan.timeoutMs);
  return {
    ...base,
    profile: recording.profile,
    origins: target.origins.with(...profileUrls(recording.profile)),
    webhooks: { recording: recording.webhooks },
    ruleStarted: recording.ruleStarted,
    finish: (ctx, ranIds) =>
      recording.finish(
        { ...recordedFacts(plan, ranIds), host_url: ctx.target.host.url, unissued_token: ctx.target.unissuedToken },
        ctx.target.host,
        ctx.target.webhooks.tape(),
      ),
    close: async () => {
      await recording.close();
      await target.close();
    },
  };
}

async function replaySession(plan: RunPlan, file: string, log?: (line: string) => void): Promise<RunSession> {
  const secrets = plan.target.kind === 'cassette' ? plan.target.secrets : undefined;
  const replay = await startReplaying(file, { ...(secrets ? { secrets } : {}), ...(log ? { log } : {}) });
  const repeat = repeatPlan(plan, replay.run, file);
  if (typeof repeat === 'string') {
    await replay.close();
    throw new UserInputError('USAGE', repeat);
  }
  return {
    target: { profile: replay.profile, origins: replay.origins, close: async () => {} },
    profile: replay.profile,
    origins: replay.origins,
    plan: repeat,
    host: replay.host,
    ...(replay.webhooks ? { webhooks: { replay: replay.webhooks } } : {}),
    ruleStarted: replay.ruleStarted,
    unissuedToken: replay.run.unissued_token,
    finish: async () => {},
    close: () => replay.close(),
  };
}

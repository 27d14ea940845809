import type { RunDocument } from '../harness/cassette/cassette-format.js';
import { virtualContentHost } from '../harness/content-host/virtual-host.js';
import type { ContentHost } from '../harness/content-host/index.js';
import { OriginPolicy } from '../harness/client/origin-policy.js';
import type { WebhookRecording, WebhookReplay, WebhookTape } from '../harness/engine/webhooks/webhook-tape.js';
import { UserInputError } from '../harness/errors.js';
import { validateProfile } from '../harness/profile/load-profile.js';
import { type Profile, profileSecrets } from '../harness/profile/profile.js';
import { startRecorder } from '../harness/recorder/recorder.js';
import { loadReplay } from '../harness/replay/load-replay.js';
import type { SecretMatching } from '../harness/replay/normalize-request.js';
import { ReplayedArrivals } from '../harness/replay/replayed-arrivals.js';
import { startReplayServer } from '../harness/replay/replay-server.js';
import { inertText } from '../harness/reports/inert-text.js';

type RunFacts = Omit<RunDocument['run'], 'profile' | 'rule_starts' | 'webhooks'>;

/** The profile's addresses that share the target's origin, moved to `origin` (a recorder or a replay server). */
function rewire(profile: Profile, from: string, to: string): Profile {
  const move = (url: string | undefined) => (url && new URL(url).origin === from ? to + url.slice(from.length) : url);
  return {
    ...profile,
    base_url: move(profile.base_url)!,
    auth_url: move(profile.auth_url)!,
    imgnet_base_url: move(profile.imgnet_base_url)!,
    control_url: move(profile.control_url),
  };
}

/**
 * `run --record FILE`: the run talks to the target through a recording proxy, whose session also keeps what
 * reaches the run's webhook receivers, where each rule starts, and at the end the run document (redacted there).
 */
export async function startRecording(file: string, profile: Profile, timeoutMs: number, options: { maxBodyBytes?: number } = {}) {
  const origin = new URL(profile.base_url).origin;
  const recorder = await startRecorder({
    target: origin,
    cassette: file,
    mode: 'all',
    timeoutMs,
    ...options,
    appSecret: profile.app.secret,
    secrets: profileSecrets(profile),
  });
  const { session } = recorder;
  return {
    profile: rewire(profile, origin, recorder.url),
    webhooks: session satisfies WebhookRecording,
    ruleStarted: (ruleId: string) => session.ruleStarted(ruleId),
    finish: (facts: RunFacts, host: ContentHost, tape: WebhookTape) =>
      session.finish({ ...facts, host_url: host.url, host_unreachable: host.unreachableUrl(), profile: { ...profile }, webhooks: tape }),
    close: () => recorder.close(),
  };
}

/**
 * `run --cassette FILE`: a replay server answers from the cassette, the recorded webhook requests arrive at
 * stand-in receivers as the replay reaches them, and the run repeats with the recorded facts.
 */
export async function startReplaying(file: string, options: { secrets?: SecretMatching; log?: (line: string) => void } = {}) {
  const source = await loadReplay(file, options.secrets ? { secrets: options.secrets } : {});
  const run = source.run;
  if (!run) {
    throw new UserInputError('CASSETTE_INVALID', `${file}: no run document: record it with \`graphcheck run --record ${file}\``);
  }
  const recorded = validateProfile(run.profile, `${file} (run document)`);
  const tape = run.webhooks;
  const arrivals = tape
    ? new ReplayedArrivals(source, { verifyToken: tape.verify_token, appSecret: recorded.app.secret ?? '' })
    : undefined;
  const replay = await startReplayServer({
    cassette: source,
    // A miss quotes the run's request, which may carry the recorded target's text: inert on the console.
    log: (text: string) => (options.log ?? ((line: string) => process.stderr.write(`${line}
`)))(inertText(text)),
    ...(arrivals ? { onServe: (entry, carried) => arrivals.release(entry, carried) } : {}),
  });
  const origin = new URL(recorded.base_url).origin;
  const webhooks: WebhookReplay | undefined =
    tape && arrivals ? { tape, receiverAt: (url) => arrivals.receiverAt(url) } : undefined;
  return {
    run,
    profile: rewire(recorded, origin, replay.url),
    // The one place an offline repeat is kept offline: whatever the recorded profile, its links or the content host
    // name, requests go to the replay server alone.
    origins: OriginPolicy.offline(replay.url, recorded),
    host: virtualContentHost(run.host_url, run.host_unreachable ?? `${run.host_url}/unreachable`),
    webhooks,
    /** Rules recorded in one run repeat one at a time: each answers from where its own recording began. */
    ruleStarted: (ruleId: string) => {
      const start = run.rule_starts?.[ruleId];
      if (start !== undefined) replay.seek(start);
    },
    close: () => replay.close(),
  };
}

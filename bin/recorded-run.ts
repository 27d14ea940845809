import { openCassette } from '../harness/cassette/cassette-reader.js';
import type { RunDocument } from '../harness/cassette/cassette-format.js';
import { keyedHash, placeholderAlias } from '../harness/cassette/placeholder.js';
import { virtualContentHost } from '../harness/content-host/virtual-host.js';
import type { ContentHost } from '../harness/content-host/index.js';
import { UserInputError } from '../harness/errors.js';
import { validateProfile } from '../harness/profile/load-profile.js';
import { type Profile, profileSecrets } from '../harness/profile/profile.js';
import { startRecorder } from '../harness/recorder/recorder.js';
import { startReplayServer } from '../harness/replay/replay-server.js';

type RunFacts = Omit<RunDocument['run'], 'profile'>;

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
 * `run --record FILE`: the run talks to the target through a recording proxy; at the end the cassette gets a run
 * document with what an offline repeat needs, the profile's secrets written as the cassette's placeholders.
 */
export async function startRecording(file: string, profile: Profile) {
  const origin = new URL(profile.base_url).origin;
  const recorder = await startRecorder({
    target: origin,
    cassette: file,
    mode: 'all',
    appSecret: profile.app.secret,
    secrets: profileSecrets(profile),
  });
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= recorder.close());
  return {
    profile: rewire(profile, origin, recorder.url),
    async finish(facts: RunFacts, host: ContentHost): Promise<void> {
      const writer = recorder.writer!;
      const redacted = redactProfile(profile, writer.header.redaction.salt ?? '', writer.placeholders, writer.header.redaction.app_secret_stand_in);
      writer.appendDocument({ run: { ...facts, host_url: host.url, host_unreachable: host.unreachableUrl(), profile: redacted } }, 'the run, for `graphcheck run --cassette`');
      await close();
    },
    close,
  };
}

/** Each secret becomes the placeholder the cassette already uses for it; the app secret its stand-in. */
function redactProfile(profile: Profile, salt: string, placeholders: Readonly<Record<string, { hash: string }>>, standIn?: string) {
  let text = JSON.stringify(profile);
  for (const secret of profileSecrets(profile)) {
    const hash = keyedHash(salt, secret);
    const id = Object.entries(placeholders).find(([, info]) => info.hash === hash)?.[0];
    const replacement = secret === profile.app.secret && standIn ? standIn : id ? placeholderAlias(id) : 'redacted-unused-0';
    text = text.split(JSON.stringify(secret).slice(1, -1)).join(replacement);
  }
  return JSON.parse(text) as Record<string, unknown>;
}

/** `run --cassette FILE`: a replay server answers from the cassette, and the run repeats with the recorded facts. */
export async function startReplaying(file: string) {
  const cassette = await openCassette(file);
  for await (const _ of cassette.entries()) {
    // Streams to the end: the run document is written last.
  }
  const run = cassette.run;
  if (!run) {
    throw new UserInputError('CASSETTE_INVALID', `${file}: no run document: record it with \`graphcheck run --record ${file}\``);
  }
  const replay = await startReplayServer({ cassette: file });
  const recorded = validateProfile(run.profile, `${file} (run document)`);
  const origin = new URL(recorded.base_url).origin;
  return {
    run,
    profile: rewire(recorded, origin, replay.url),
    host: virtualContentHost(run.host_url, run.host_unreachable ?? `${run.host_url}/unreachable`),
    close: () => replay.close(),
  };
}

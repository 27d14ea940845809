import type { ContentHost } from '../harness/content-host/index.js';
import type { RunContext } from '../harness/engine/run-context.js';
import type { RuleSelection } from '../harness/suite/select-rules.js';
import { UserInputError } from '../harness/errors.js';
import type { Profile } from '../harness/profile/profile.js';
import { shellWord } from '../harness/shell-word.js';
import { listFlag } from './flags.js';
import { startRecording, startReplaying } from './recorded-run.js';
import { type ResolvedTarget, resolveTarget, type TargetFlags } from './target.js';
import type { WebhookRecording, WebhookReplay } from '../harness/engine/webhooks/webhook-tape.js';

interface SessionFlags extends TargetFlags {
  seed?: string;
  versionPrefix?: string;
  runs?: string;
  record?: string;
  cassette?: string;
}

/** What one `graphcheck run` talks to and with which facts: live, live and recorded, or replayed offline. */
export interface RunSession {
  target: ResolvedTarget;
  /** The profile the engine uses: the target's, or moved onto a recorder or replay server. */
  profile: Profile;
  seed: number;
  runs: number;
  versionPrefix: string;
  selection: RuleSelection;
  host?: ContentHost;
  unissuedToken?: string;
  /** The webhook side of a recorded run (`--record`) or of its repeat (`--cassette`). */
  webhooks?: { recording?: WebhookRecording; replay?: WebhookReplay };
  /** Each rule, as it starts. */
  ruleStarted(ruleId: string): void;
  /** Called after the rules ran, while the run's content host still stands. */
  finish(ctx: RunContext): Promise<void>;
  close(): Promise<void>;
}

/** `selection` is the run's `--suite` and `--rule`, already split into lists. */
export async function openSession(
  flags: SessionFlags,
  selection: RuleSelection,
  timeoutMs: number,
  seed: number,
  runs: number,
): Promise<RunSession> {
  if (flags.record && flags.cassette) throw new UserInputError('USAGE', '--record and --cassette exclude each other; pick one');
  if (flags.cassette) return replaySession(flags, selection, flags.cassette);
  const target = await resolveTarget({ ...flags, fault: listFlag(flags.fault) }, timeoutMs);
  const base = {
    target,
    profile: target.profile,
    seed,
    runs,
    versionPrefix: flags.versionPrefix ?? 'latest',
    selection,
    ruleStarted: () => {},
  };
  if (!flags.record) return { ...base, finish: async () => {}, close: () => target.close() };
  const recording = await startRecording(flags.record, target.profile, timeoutMs);
  return {
    ...base,
    profile: recording.profile,
    webhooks: { recording: recording.webhooks },
    ruleStarted: recording.ruleStarted,
    finish: (ctx) =>
      recording.finish(
        {
          seed,
          runs,
          version_prefix: flags.versionPrefix ?? 'latest',
          ...(selection.suites?.length ? { suites: selection.suites } : {}),
          ...(selection.rules?.length ? { rules: selection.rules } : {}),
          host_url: ctx.host.url,
          unissued_token: ctx.unissuedToken,
        },
        ctx.host,
        ctx.webhooks.tape(),
      ),
    close: async () => {
      await recording.close();
      await target.close();
    },
  };
}

async function replaySession(flags: SessionFlags, selection: RuleSelection, file: string): Promise<RunSession> {
  if (flags.target || flags.profile) throw new UserInputError('USAGE', '--cassette replays a recorded run: drop --target and --profile');
  const replay = await startReplaying(file);
  const { run } = replay;
  const refused = notRepeatable(flags, run, file);
  if (refused) {
    await replay.close();
    throw new UserInputError('USAGE', refused);
  }
  const narrowed = Boolean(selection.suites?.length || selection.rules?.length);
  return {
    target: { profile: replay.profile, args: ` --cassette ${shellWord(file)}`, close: async () => {} },
    profile: replay.profile,
    seed: run.seed,
    runs: run.runs,
    versionPrefix: run.version_prefix,
    // --suite and --rule narrow the recorded run (each rule answers from where its recording began).
    selection: narrowed ? selection : { suites: run.suites, rules: run.rules },
    host: replay.host,
    ...(replay.webhooks ? { webhooks: { replay: replay.webhooks } } : {}),
    ruleStarted: replay.ruleStarted,
    unissuedToken: run.unissued_token,
    finish: async () => {},
    close: () => replay.close(),
  };
}

/** A flag that would change what a repeat sends or how the target answers, while the cassette fixes both. */
function notRepeatable(
  flags: SessionFlags,
  run: { seed: number; runs: number; version_prefix: string },
  file: string,
): string | undefined {
  const recorded = (flag: string, value: string | number) => `${file} was recorded with ${flag} ${value}; drop ${flag}`;
  if (flags.seed !== undefined && Number(flags.seed) !== run.seed) return `--seed ${flags.seed}: ${recorded('--seed', run.seed)}`;
  if (flags.runs !== undefined && Number(flags.runs) !== run.runs) return `--runs ${flags.runs}: ${recorded('--runs', run.runs)}`;
  if (flags.versionPrefix !== undefined && flags.versionPrefix !== run.version_prefix) {
    return `--version-prefix ${flags.versionPrefix}: ${recorded('--version-prefix', run.version_prefix)}`;
  }
  const faults = listFlag(flags.fault);
  if (faults.length > 0) {
    return `--fault ${faults.join(',')}: a repeat answers from ${file}, not from the reference; drop --fault`;
  }
  return undefined;
}

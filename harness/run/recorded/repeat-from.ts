import { servedOffline } from '../../target/open-target.js';
import { TapedArrivals } from '../../webhooks/webhook-tape.js';
import { UserInputError } from '../../errors.js';
import { ArrivalSchedule } from '../../replay/arrival-schedule.js';
import { loadReplay, peekRunDocument, type ReplaySource } from '../../replay/load-replay.js';
import { type RunningReplay, startReplayServer } from '../../replay/replay-server.js';
import { logLine } from '../../reports/output-edge.js';
import type { RunPlan } from '../run-plan.js';
import { repeatPlan } from './run-document.js';
import type { TargetLayer } from './target-layer.js';

/**
 * `run --cassette FILE`: a replay server answers from the cassette, the recorded webhook requests arrive at the
 * recorded receivers as the replay reaches them, and the run repeats with the recorded facts. Each rule answers
 * from where its own recording began, so rules recorded in one run repeat one at a time.
 */
export async function repeatFrom(
  plan: RunPlan,
  target: { file: string; secrets?: 'hash' | 'any' },
  /** One line, no newline: a request of the repeat the cassette could not answer. */
  log: (line: string) => void,
): Promise<TargetLayer> {
  const { file } = target;
  // A flag the recording fixes is refused before the exchanges are read: the run document is the file's last.
  if (plan.seedGiven || plan.runsGiven || plan.versionPrefixGiven) {
    const recorded = await peekRunDocument(file);
    const refused = recorded && repeatPlan(plan, recorded, file);
    if (typeof refused === 'string') throw new UserInputError('USAGE', refused);
  }
  const source = await loadReplay(file, target.secrets ? { secrets: target.secrets } : {});
  const run = source.run;
  if (!run) throw new UserInputError('CASSETTE_INVALID', `${file}: no run document: record it with \`graphcheck run --record ${file}\``);
  const repeat = repeatPlan(plan, run, file);
  if (typeof repeat === 'string') throw new UserInputError('USAGE', repeat);
  const schedule = run.webhooks ? new ArrivalSchedule(source) : undefined;
  let taped: TapedArrivals | undefined;
  const replay = await startReplayServer({
    cassette: source,
    // A miss quotes the run's request, which may carry the recorded target's text: inert on the console.
    log: (text: string) => log(logLine(text)),
    ...(schedule ? { onServe: (entry, carried) => schedule.release(entry, carried).forEach((due) => taped?.deliver(due)) } : {}),
  });
  try {
    const offline = servedOffline(run.profile, `${file} (run document)`, replay.url);
    if (run.webhooks) taped = new TapedArrivals(run.webhooks, offline.recorded.app.secret ?? '');
    return repeatLayer(repeat, run, offline, replay, taped);
  } catch (error) {
    await replay.close();
    throw error;
  }
}

/** The repeat as its run sees it: the recorded facts, the replay server's addresses, each rule from its start. */
function repeatLayer(
  plan: RunPlan,
  run: NonNullable<ReplaySource['run']>,
  offline: ReturnType<typeof servedOffline>,
  replay: RunningReplay,
  taped: TapedArrivals | undefined,
): TargetLayer {
  return {
    plan,
    profile: offline.profile,
    run: {
      profile: offline.profile,
      origins: offline.origins,
      recordedHost: { url: run.host_url, unreachable: run.host_unreachable ?? `${run.host_url}/unreachable` },
      unissuedToken: run.unissued_token,
      ...(taped ? { arrivals: taped } : {}),
    },
    ruleStarted: (ruleId) => {
      const start = run.rule_starts?.[ruleId];
      if (start !== undefined) replay.seek(start);
      taped?.ruleStarted(ruleId);
    },
    finish: async () => {},
    close: () => replay.close(),
  };
}

import { openRun } from '../target/open-run.js';
import { reachTarget } from '../target/open-target.js';
import { runSuites } from '../engine/run-suites.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import type { RulesRun } from '../model/index.js';
import { profileSecrets } from '../profile/profile.js';
import { selectedRules } from '../suite/select-rules.js';
import type { Suite } from '../suite/suite.js';
import type { OpenedSide, Surroundings } from './side.js';
import { recordAround } from './recorded/record-around.js';
import { repeatFrom } from './recorded/repeat-from.js';
import { live, type TargetLayer } from './recorded/target-layer.js';
import { replayCommand, targetSource } from './replay-command.js';
import type { JudgingOutput } from './report-tail.js';
import type { RunPlan, ServicePlan } from './run-plan.js';

/** `graphcheck run`: the suites' service rules against a target, live, recorded (`--record`) or repeated (`--cassette`). */
export async function openServiceSide(plan: RunPlan, target: ServicePlan, around: Surroundings): Promise<OpenedSide> {
  const layer = await openLayer(plan, target, around);
  const { profile } = layer;
  return {
    plan: layer.plan,
    secrets: { appSecret: profile.app.secret, values: profileSecrets(profile) },
    heading: `graphcheck: ${withoutUserinfo(profile.base_url)} (seed ${layer.plan.seed})\n`,
    judge: (suites, output) => runAgainst(layer, suites, output),
    close: () => layer.close(),
  };
}

async function openLayer(plan: RunPlan, target: ServicePlan, around: Surroundings): Promise<TargetLayer> {
  if (target.kind === 'cassette') {
    const warn = around.warn ?? ((text: string) => process.stderr.write(text));
    return repeatFrom(plan, target, (line) => warn(`${line}\n`));
  }
  const reached = await reachTarget(target, {
    timeoutMs: plan.timeoutMs,
    allowOrigins: plan.allowOrigins,
    ...(around.env ? { env: around.env } : {}),
    ...(around.startReference ? { startReference: around.startReference } : {}),
  });
  if (!plan.record) return live(plan, reached);
  try {
    return await recordAround(plan, plan.record, reached);
  } catch (error) {
    await reached.close();
    throw error;
  }
}

/** Opens the run context the layer describes (preflight included), runs the rules, and lets the layer finish. */
async function runAgainst(layer: TargetLayer, suites: Suite[], output: JudgingOutput): Promise<RulesRun> {
  const { plan } = layer;
  const run = await openRun({
    ...layer.run,
    timeoutMs: plan.timeoutMs,
    seed: plan.seed,
    runs: plan.runs,
    // A given --runs raises every property rule to at least that many runs; a repeat runs what it recorded.
    ...(plan.runsGiven && plan.target.kind !== 'cassette' ? { runsFloor: plan.runs } : {}),
    versionPrefix: plan.versionPrefix,
    concurrency: plan.concurrency ?? 1,
    onRateLimitWait: (wait) => output.events.emit('wait', wait),
    ...(plan.maxRps ? { maxRps: plan.maxRps } : {}),
    ...(plan.rateLimitBaseMs !== undefined ? { rateLimitBaseMs: plan.rateLimitBaseMs } : {}),
    ...(plan.maxWaitMs !== undefined ? { maxWaitMs: plan.maxWaitMs } : {}),
    replayCommand: (id) => replayCommand(plan, id),
    targetSource: targetSource(plan.target),
    ...(plan.sequencePath ? { sequencePath: plan.sequencePath } : {}),
    ...(plan.caDir ? { caDir: plan.caDir } : {}),
    rules: selectedRules(suites, plan.selection).map(({ rule }) => rule),
    // A cassette holds one target's traffic in the order it came: a recorded or repeated run uses no sessions.
    sessions: !plan.record && plan.target.kind !== 'cassette',
    onSessionOpened: (profile) => output.edge.learnSecrets({ appSecret: profile.app.secret, values: profileSecrets(profile) }),
    onSessionsNote: (why) => output.say(`${why}; rules that need the target alone run one at a time\n`),
  });
  try {
    output.events.on('ruleStart', ({ rule }) => layer.ruleStarted(rule.id));
    const judged = await runSuites(suites, plan.selection, run.ctx, output.events.hooks);
    await layer.finish(run.ctx, judged.results.map((r) => r.rule));
    return judged;
  } finally {
    output.stop();
    await run.close();
  }
}

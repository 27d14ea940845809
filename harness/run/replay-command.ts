import { shellWord } from '../shell-word.js';
import { DEFAULT_RUNS, DEFAULT_TIMEOUT_MS } from './defaults.js';
import type { CallbackPlan, RunPlan, ServicePlan, TargetPlan, TrafficPlan } from './run-plan.js';

/**
 * The one builder of the command that judges one rule again the same way, for every judging command: the rule,
 * the seed, what was judged, and every flag that decides what is sent. A repeat from a cassette takes the prefix
 * and the run count from the cassette; a callback's secrets stay in environment variables.
 */
export function replayCommand(plan: RunPlan, ruleId: string): string {
  const { target } = plan;
  if (target.kind === 'traffic') return trafficReplay(plan, target, ruleId);
  if (target.kind === 'callback') return callbackReplay(plan, target, ruleId);
  return serviceReplay(plan, target, ruleId);
}

function serviceReplay(plan: RunPlan, target: ServicePlan, ruleId: string): string {
  const args = ['graphcheck', 'run', '--rule', ruleId, '--seed', String(plan.seed), ...targetArgs(target)];
  if (plan.caDir) args.push('--ca-dir', shellWord(plan.caDir));
  for (const origin of plan.allowOrigins) args.push('--allow-origin', shellWord(origin));
  if (target.kind !== 'cassette') {
    if (plan.versionPrefix !== 'latest') args.push('--version-prefix', plan.versionPrefix);
    if (plan.runs !== DEFAULT_RUNS) args.push('--runs', String(plan.runs));
    // A target that must not be pushed must not be pushed by the replay either; --concurrency changes no verdict.
    if (plan.maxRps) args.push('--max-rps', String(plan.maxRps));
  }
  return [...args, ...commonArgs(plan)].join(' ');
}

function callbackReplay(plan: RunPlan, target: CallbackPlan, ruleId: string): string {
  const args = ['graphcheck', 'webhook-test', '--callback', shellWord(target.url), '--verify-token', '"$VERIFY_TOKEN"', '--app-secret', '"$APP_SECRET"'];
  if (target.ca) args.push('--ca', shellWord(target.ca));
  if (target.clientCa) args.push('--client-ca', shellWord(target.clientCa), '--client-cn', shellWord(target.clientCn ?? ''));
  return [...args, ...commonArgs(plan), '--seed', String(plan.seed), '--rule', ruleId].join(' ');
}

/** Recorded traffic is judged the same whatever the seed: the command names the rule and the traffic. */
function trafficReplay(plan: RunPlan, target: TrafficPlan, ruleId: string): string {
  const side = plan.selection.side === 'client' ? ['--side', 'client'] : [];
  const profile = target.profile ? ['--profile', shellWord(target.profile)] : [];
  return ['graphcheck', 'check', ...side, '--rule', ruleId, '--cassette', shellWord(target.file), ...profile].join(' ');
}

function commonArgs(plan: RunPlan): string[] {
  const args: string[] = [];
  if (plan.timeoutMs !== DEFAULT_TIMEOUT_MS) args.push('--timeout', String(plan.timeoutMs));
  if (!plan.suitesDirIsDefault) args.push('--suites-dir', shellWord(plan.suitesDir));
  return args;
}

/** How reports and replay commands name a run's target. */
export function targetArgs(target: ServicePlan): string[] {
  switch (target.kind) {
    case 'reference':
      return target.faults.length ? ['--fault', target.faults.join(',')] : [];
    case 'cassette':
      return ['--cassette', shellWord(target.file)];
    case 'url':
      return [
        ...(target.profile ? ['--profile', shellWord(target.profile)] : []),
        ...(target.url ? ['--target', shellWord(target.url)] : []),
        ...(target.receiverHost ? ['--receiver-host', shellWord(target.receiverHost)] : []),
      ];
  }
}

/** What was judged as one phrase for reports: the run's target flags or `embedded reference`, the callback, the traffic. */
export function targetSource(target: TargetPlan): string {
  if (target.kind === 'callback') return 'webhook-test --callback';
  if (target.kind === 'traffic') return `cassette ${target.file}`;
  const args = targetArgs(target);
  return target.kind === 'reference' ? `embedded reference${args.length ? ` ${args.join(' ')}` : ''}` : args.join(' ');
}

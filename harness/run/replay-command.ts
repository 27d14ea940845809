import { shellWord } from '../shell-word.js';
import { DEFAULT_RUNS, DEFAULT_TIMEOUT_MS } from './defaults.js';
import type { RunPlan, TargetPlan } from './run-plan.js';

/**
 * The command that runs one rule again with the same requests: the rule, the run seed, the target, and every
 * flag that decides what is sent. A repeat from a cassette takes the prefix and the run count from the cassette.
 */
export function replayCommand(plan: RunPlan, ruleId: string): string {
  const args = ['graphcheck', 'run', '--rule', ruleId, '--seed', String(plan.seed), ...targetArgs(plan.target)];
  if (plan.caDir) args.push('--ca-dir', shellWord(plan.caDir));
  for (const origin of plan.allowOrigins) args.push('--allow-origin', shellWord(origin));
  if (plan.target.kind !== 'cassette') {
    if (plan.versionPrefix !== 'latest') args.push('--version-prefix', plan.versionPrefix);
    if (plan.runs !== DEFAULT_RUNS) args.push('--runs', String(plan.runs));
  }
  if (plan.timeoutMs !== DEFAULT_TIMEOUT_MS) args.push('--timeout', String(plan.timeoutMs));
  if (!plan.suitesDirIsDefault) args.push('--suites-dir', shellWord(plan.suitesDir));
  return args.join(' ');
}

/** How reports and replay commands name the target. */
export function targetArgs(target: TargetPlan): string[] {
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

/** The target as one phrase for reports: its flags, or `embedded reference`. */
export function targetSource(target: TargetPlan): string {
  const args = targetArgs(target);
  return target.kind === 'reference' ? `embedded reference${args.length ? ` ${args.join(' ')}` : ''}` : args.join(' ');
}

import type { Command } from 'commander';
import { missingNeed, runFacts, setupProblemFor } from '../../harness/engine/needs.js';
import { openRun } from '../../harness/engine/open-run.js';
import type { RunContext } from '../../harness/engine/run-context.js';
import { UserInputError } from '../../harness/errors.js';
import { profileSecrets } from '../../harness/profile/profile.js';
import { inertText } from '../../harness/reports/inert-text.js';
import { outputEdge } from '../../harness/reports/output-edge.js';
import { countOf } from '../../harness/words.js';
import { loadSuites } from '../../harness/engine/load-suite.js';
import { assertSelection, selectedRules } from '../../harness/suite/select-rules.js';
import type { Rule } from '../../harness/suite/suite.js';
import { loadConfig } from '../config-file.js';
import { targetUrlFlag } from '../flags.js';
import { planFromFlags, type RunFlags } from '../plan-from-flags.js';
import { resolveTarget } from '../target.js';
import { selectionOptions } from './run.js';

/** `graphcheck doctor`: preflight alone, so configuration mistakes surface before any rule runs. */
export function register(program: Command): void {
  const command = program
    .command('doctor')
    .description('check the profile against the target (base URL, tokens, fixtures, capabilities) and forecast what a run would judge')
    .option('--target <url>', 'base URL of the implementation under test', targetUrlFlag)
    .option('--profile <file>', 'target profile (YAML or JSON)')
    .option('--config <file>', 'config file (default: graphcheck.config.yaml here, if there is one)')
    .option('--fault <name...>', 'embedded reference only: turn on fault switches')
    .option('--timeout <ms>', 'per-request timeout in milliseconds (default: 10000)');
  selectionOptions(command).action(async (flags: RunFlags) => {
    process.exitCode = await doctorCommand(flags, (text) => process.stdout.write(text));
  });
}

export async function doctorCommand(flags: RunFlags, print: (text: string) => void): Promise<number> {
  const plan = planFromFlags(flags, await loadConfig(flags.config));
  if (plan.target.kind === 'cassette') throw new UserInputError('USAGE', 'doctor checks a live target: drop --cassette');
  const suites = await loadSuites(plan.suitesDir);
  assertSelection(suites, plan.selection, plan.suitesDir);
  const target = await resolveTarget(plan.target, plan.timeoutMs);
  try {
    const run = await openRun({ profile: target.profile, timeoutMs: plan.timeoutMs, seed: 0, runs: 1, versionPrefix: plan.versionPrefix });
    await run.close();
    const problems = [...run.ctx.setupProblems.values()];
    // What the target said (its profile, its answers in a problem) is shown redacted and inert, as a run shows it.
    const edge = outputEdge({ appSecret: target.profile.app.secret, values: profileSecrets(target.profile) });
    const say = (text: string) => print(edge.line(text));
    const capabilities = target.profile.capabilities.join(', ') || 'none';
    say(`target ${inertText(target.profile.base_url)}; control capabilities: ${inertText(capabilities)}\n`);
    for (const problem of problems) say(`problem: ${inertText(problem)}\n`);
    say(problems.length ? `${countOf(problems.length, 'problem')}\n` : 'profile and target agree\n');
    say(forecast(selectedRules(suites, plan.selection).map((x) => x.rule), run.ctx));
    return problems.length ? 3 : 0;
  } finally {
    await target.close();
  }
}

/**
 * What a run with this profile would judge: how many rules can run, and the rest grouped by cause, each cause
 * naming the profile key or control capability that would let its rules run.
 */
function forecast(rules: Rule[], ctx: RunContext): string {
  const skipped = new Map<string, string[]>();
  const errored = new Map<string, string[]>();
  let runnable = 0;
  for (const rule of rules) {
    const missing = missingNeed(rule, ctx.profile, runFacts(ctx));
    const setup = missing ? undefined : setupProblemFor(rule, ctx.setupProblems);
    if (missing) skipped.set(missing, [...(skipped.get(missing) ?? []), rule.id]);
    else if (setup) errored.set(setup, [...(errored.get(setup) ?? []), rule.id]);
    else runnable++;
  }
  const total = [...skipped.values()].reduce((n, ids) => n + ids.length, 0);
  const failing = [...errored.values()].reduce((n, ids) => n + ids.length, 0);
  const lines = [`forecast: ${runnable} of ${countOf(rules.length, 'rule')} can run; ${total} will be skipped; ${failing} will be error`];
  const group = (verdict: string, causes: Map<string, string[]>) =>
    [...causes].sort((a, b) => b[1].length - a[1].length).forEach(([cause, ids]) => {
      lines.push(`  ${verdict} ${String(ids.length).padStart(3)}: ${cause} (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})`);
    });
  group('skipped', skipped);
  group('error  ', errored);
  return `${lines.join('\n')}\n`;
}

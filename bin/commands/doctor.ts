import { missingInRun, setupProblemFor } from '../../harness/engine/needs.js';
import { openRun } from '../../harness/engine/open-run.js';
import { reachTarget } from '../../harness/engine/open-target.js';
import type { TargetRunContext } from '../../harness/engine/run-context.js';
import { UserInputError } from '../../harness/errors.js';
import { profileSecrets } from '../../harness/profile/profile.js';
import { hideUserinfo } from '../../harness/redaction/url-userinfo.js';
import { inertText } from '../../harness/reports/inert-text.js';
import { outputEdge } from '../../harness/reports/output-edge.js';
import { countOf } from '../../harness/words.js';
import { loadSuitesIndexed } from '../../harness/engine/suite-index.js';
import { assertSelection, selectedRules } from '../../harness/suite/select-rules.js';
import type { Rule } from '../../harness/suite/suite.js';
import { loadConfig } from '../config-file.js';
import { planFromFlags, type RunFlags } from '../plan-from-flags.js';
import { startReference } from '../start-reference.js';
import type { Surroundings } from './run.js';

/** For callers that register this one command on a program of their own. */
export { register } from '../declarations/doctor.js';


export async function doctorCommand(flags: RunFlags, print: (text: string) => void, around: Surroundings = {}): Promise<number> {
  const plan = planFromFlags(flags, await loadConfig(flags.config, around.cwd));
  if (plan.target.kind === 'cassette') throw new UserInputError('USAGE', 'doctor checks a live target: drop --cassette');
  const suites = await loadSuitesIndexed(plan.suitesDir);
  assertSelection(suites, plan.selection, plan.suitesDir);
  const reach = { timeoutMs: plan.timeoutMs, allowOrigins: plan.allowOrigins, startReference, ...(around.env ? { env: around.env } : {}) };
  const target = await reachTarget(plan.target, reach);
  try {
    const run = await openRun({
      profile: target.profile,
      origins: target.origins,
      timeoutMs: plan.timeoutMs,
      seed: 0,
      runs: 1,
      versionPrefix: plan.versionPrefix,
    });
    await run.close();
    const problems = [...run.ctx.target.setupProblems.values()];
    // What the target said (its profile, its answers in a problem) is shown redacted and inert, as a run shows it.
    const edge = outputEdge({ appSecret: target.profile.app.secret, values: profileSecrets(target.profile) });
    const say = (text: string) => print(edge.line(text));
    const capabilities = target.profile.capabilities.join(', ') || 'none';
    say(`target ${inertText(hideUserinfo(target.profile.base_url))}; control capabilities: ${inertText(capabilities)}\n`);
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
function forecast(rules: Rule[], ctx: TargetRunContext): string {
  const skipped = new Map<string, string[]>();
  const errored = new Map<string, string[]>();
  let runnable = 0;
  for (const rule of rules) {
    const missing = missingInRun(rule, ctx);
    const setup = missing ? undefined : setupProblemFor(rule, ctx.target.setupProblems);
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

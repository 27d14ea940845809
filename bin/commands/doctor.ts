import { type Forecast, forecast } from '../../harness/engine/forecast.js';
import { openRun } from '../../harness/engine/open-run.js';
import { reachTarget } from '../../harness/engine/open-target.js';
import { UserInputError } from '../../harness/errors.js';
import { profileSecrets } from '../../harness/profile/profile.js';
import { hideUserinfo } from '../../harness/redaction/url-userinfo.js';
import { inertText } from '../../harness/reports/inert-text.js';
import { outputEdge } from '../../harness/reports/output-edge.js';
import { countOf } from '../../harness/words.js';
import { loadSuitesIndexed } from '../../harness/engine/suite-index.js';
import { assertSelection, leftOutLine, selectedRules } from '../../harness/suite/select-rules.js';
import { kitWordsOf } from '../../harness/run/kit-words.js';
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
  const rules = selectedRules(suites, plan.selection).map((x) => x.rule);
  const reach = { timeoutMs: plan.timeoutMs, allowOrigins: plan.allowOrigins, startReference, ...(around.env ? { env: around.env } : {}) };
  const target = await reachTarget(plan.target, reach);
  try {
    // Preflight asks only about what the selected rules reach: a partial target is checked for what it serves.
    const run = await openRun({
      profile: target.profile,
      origins: target.origins,
      timeoutMs: plan.timeoutMs,
      seed: 0,
      runs: 1,
      versionPrefix: plan.versionPrefix,
      rules,
    });
    await run.close();
    const problems = [...run.ctx.target.setupProblems.values()];
    // What the target said (its profile, its answers in a problem) is shown redacted and inert, as a run shows it.
    const edge = outputEdge({ appSecret: target.profile.app.secret, values: profileSecrets(target.profile) }, { kitWords: kitWordsOf(suites, plan) });
    const say = (text: string) => print(edge.line(text));
    const capabilities = target.profile.capabilities.join(', ') || 'none';
    say(`target ${inertText(hideUserinfo(target.profile.base_url))}; control capabilities: ${inertText(capabilities)}\n`);
    for (const problem of problems) say(`problem: ${inertText(problem)}\n`);
    for (const [area, why] of run.ctx.target.unserved) say(`not served: the ${area} area (${inertText(why)})\n`);
    say(problems.length ? `${countOf(problems.length, 'problem')}\n` : 'profile and target agree\n');
    say(forecastLines(forecast(rules, run.ctx), flags.verbose ?? false));
    const leftOut = leftOutLine(suites, plan.selection);
    if (leftOut) say(`note: ${leftOut}\n`);
    return problems.length ? 3 : 0;
  } finally {
    await target.close();
  }
}

/**
 * What a run with this profile would judge: how many rules can run, and the rest grouped by cause, each cause
 * naming the profile key, control capability or area that would let its rules run; then the rules that will take
 * another way to make their data (a photo to comment on where the feed is not served). `verbose`: every rule of a
 * cause under it, one a line, instead of the first three.
 */
function forecastLines(f: Forecast, verbose: boolean): string {
  const count = (causes: Map<string, string[]>) => [...causes.values()].reduce((n, ids) => n + ids.length, 0);
  const lines = [`forecast: ${f.runnable} of ${countOf(f.total, 'rule')} can run; ${count(f.skipped)} will be skipped; ${count(f.errored)} will be error`];
  const group = (label: string, causes: Map<string, string[]>) =>
    [...causes].sort((a, b) => b[1].length - a[1].length).forEach(([cause, ids]) => {
      const some = verbose ? '' : ` (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})`;
      lines.push(`  ${label} ${String(ids.length).padStart(3)}: ${inertText(cause)}${some}`);
      if (verbose) lines.push(...ids.map((id) => `      ${id}`));
    });
  group('skipped', f.skipped);
  group('error  ', f.errored);
  group('another way', f.detours);
  return `${lines.join('\n')}\n`;
}

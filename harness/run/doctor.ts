import { type Forecast, forecast } from './forecast.js';
import { openRun } from '../target/open-run.js';
import { reachTarget, type StartReference } from '../target/open-target.js';
import { loadSuitesIndexed } from '../suite-loading/suite-index.js';
import { UserInputError } from '../errors.js';
import { withoutUserinfo } from '../http/without-userinfo.js';
import { profileSecrets } from '../profile/profile.js';
import { inertText } from '../reports/inert-text.js';
import { outputEdge } from '../reports/output-edge.js';
import { assertSelection, leftOutLine, selectedRules } from '../suite/select-rules.js';
import { countOf } from '../words.js';
import { kitWordsOf } from './kit-words.js';
import type { RunPlan, ServicePlan } from './run-plan.js';

/** What `doctor` is handed besides its plan. */
export interface DoctorSurroundings {
  print(text: string): void;
  /** Under each cause of the forecast, every rule it covers, not the first three. */
  verbose?: boolean;
  /** What a profile file's `${ENV}` values read. */
  env?: NodeJS.ProcessEnv;
  startReference?: StartReference;
}

/**
 * `graphcheck doctor`: the profile checked against the target (preflight, asking only about what the selected rules
 * reach: a partial target is checked for what it serves), and a forecast of what a run would judge. Returns the
 * exit code: 3 when preflight found problems, else 0.
 */
export async function doctor(plan: RunPlan & { target: ServicePlan }, around: DoctorSurroundings): Promise<0 | 3> {
  if (plan.target.kind === 'cassette') throw new UserInputError('USAGE', 'doctor checks a live target: drop --cassette');
  const suites = await loadSuitesIndexed(plan.suitesDir);
  assertSelection(suites, plan.selection, plan.suitesDir);
  const rules = selectedRules(suites, plan.selection).map((x) => x.rule);
  const { env, startReference } = around;
  const target = await reachTarget(plan.target, { timeoutMs: plan.timeoutMs, allowOrigins: plan.allowOrigins, ...(startReference ? { startReference } : {}), ...(env ? { env } : {}) });
  try {
    const run = await openRun({ profile: target.profile, origins: target.origins, timeoutMs: plan.timeoutMs, seed: 0, runs: 1, versionPrefix: plan.versionPrefix, rules });
    await run.close();
    const problems = [...run.ctx.target.setupProblems.values()];
    // What the target said (its profile, its answers in a problem) is shown redacted and inert, as a run shows it.
    const edge = outputEdge({ appSecret: target.profile.app.secret, values: profileSecrets(target.profile) }, { kitWords: kitWordsOf(suites, plan) });
    const say = (text: string) => around.print(edge.line(text));
    const capabilities = target.profile.capabilities.join(', ') || 'none';
    say(`target ${inertText(shownUrl(target.profile.base_url))}; control capabilities: ${inertText(capabilities)}\n`);
    for (const problem of problems) say(`problem: ${inertText(problem)}\n`);
    for (const [area, why] of run.ctx.target.unserved) say(`not served: the ${area} area (${inertText(why)})\n`);
    say(problems.length ? `${countOf(problems.length, 'problem')}\n` : 'profile and target agree\n');
    say(forecastLines(forecast(rules, run.ctx), around.verbose ?? false));
    const leftOut = leftOutLine(suites, plan.selection);
    if (leftOut) say(`note: ${leftOut}\n`);
    return problems.length ? 3 : 0;
  } finally {
    await target.close();
  }
}

/** The profile's base URL without a password typed into it (the client never sends userinfo). */
function shownUrl(url: string): string {
  try {
    return withoutUserinfo(url);
  } catch {
    return url;
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

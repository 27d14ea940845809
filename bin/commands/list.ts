import { inertText } from '../../harness/reports/inert-text.js';
import { UserInputError } from '../../harness/errors.js';
import type { RuleSide } from '../../harness/suite/suite.js';
import { listing } from '../list-rules.js';
import { inFlagWords, type RunFlags } from '../plan-from-flags.js';

export interface ListFlags extends Pick<RunFlags, 'suite' | 'rule' | 'exclude' | 'endpoint' | 'area' | 'shard' | 'suitesDir' | 'config'> {
  json?: boolean;
  side?: string;
  verbose?: boolean;
}

const SIDES: readonly RuleSide[] = ['service', 'client', 'callback'];


/** `cwd`: where `graphcheck.config.yaml` is looked for. */
export async function listCommand(flags: ListFlags, print: (text: string) => void, cwd?: string): Promise<number> {
  if (flags.side !== undefined && !SIDES.includes(flags.side as RuleSide)) {
    throw new UserInputError('USAGE', `--side ${flags.side}: give service, client or callback`);
  }
  const { rules, leftOut } = await inFlagWords(() => listing({
    ...(flags.side ? { side: flags.side as RuleSide } : {}),
    suites: flags.suite,
    rules: flags.rule,
    exclude: flags.exclude,
    endpoints: flags.endpoint,
    areas: flags.area,
    shard: flags.shard,
    suitesDir: flags.suitesDir,
    config: flags.config,
  }, cwd));
  if (flags.json) {
    print(`${JSON.stringify(rules, null, 2)}\n`);
    return 0;
  }
  for (const r of rules) {
    const { tokens, fixtures, capabilities, profile, reads, receiver } = r.needs;
    const needs = [
      ...tokens.map((t) => (t === 'app' ? 'app.access_token' : `tokens.${t}`)),
      ...fixtures.map((f) => `fixtures.${f}`),
      ...capabilities.map((c) => `capability ${c}`),
      ...profile,
      ...reads,
      ...(receiver ? ['webhook receiver'] : []),
    ];
    const dependencies = r.dependencies.map((ways) => (ways.length > 1 ? `one of ${ways.join(' | ')}` : ways[0]));
    const depends = dependencies.length ? `  depends on: ${dependencies.join(', ')}` : '';
    // A suite folder may be someone else's (`--suites-dir`): what its files say is shown inert, as a target's answers are.
    const line = `${r.id}  ${r.strength}  ${r.suite}  ${r.endpoints.join(', ') || '-'}  needs: ${needs.join(', ') || 'nothing'}${depends}`;
    print(`${inertText(line)}\n`);
    if (flags.verbose && r.branches) print(`    covers: ${inertText(r.branches)}\n`);
    if (flags.verbose) for (const c of r.cases ?? []) print(`    case ${inertText(c.name)}${c.why ? `  (${inertText(c.why)})` : ''}\n`);
  }
  print(`${rules.length} rule(s)\n`);
  if (leftOut) print(`note: ${leftOut}\n`);
  return 0;
}

import type { Command } from 'commander';
import { type CommandContext, processContext } from '../command-context.js';
import { UserInputError } from '../../harness/errors.js';
import type { RuleSide } from '../../harness/suite/suite.js';
import { listRules } from '../api.js';
import type { RunFlags } from '../plan-from-flags.js';
import { selectionOptions } from './run.js';

interface ListFlags extends Pick<RunFlags, 'suite' | 'rule' | 'exclude' | 'endpoint' | 'shard' | 'suitesDir' | 'config'> {
  json?: boolean;
  side?: string;
}

const SIDES: readonly RuleSide[] = ['service', 'client', 'callback'];

/** `graphcheck list`: the rules a run with the same selection would run, with what each sends to and needs. */
export function register(program: Command, cx: CommandContext = processContext()): void {
  const command = program
    .command('list')
    .description('list the rules (id, strength, suite, endpoints, needs) that a run with the same selection would run')
    .option('--json', 'one JSON array instead of lines')
    .option('--side <side>', "service (default: what run judges), client (check --side client) or callback (webhook-test)")
    .option('--config <file>', 'config file (default: graphcheck.config.yaml here, if there is one)');
  selectionOptions(command).action(async (flags: ListFlags) => {
    cx.setExitCode(await listCommand(cx.paths(flags, ['config', 'suitesDir']), (text) => cx.stdout(text), cx.cwd));
  });
}

/** `cwd`: where `graphcheck.config.yaml` is looked for. */
export async function listCommand(flags: ListFlags, print: (text: string) => void, cwd?: string): Promise<number> {
  if (flags.side !== undefined && !SIDES.includes(flags.side as RuleSide)) {
    throw new UserInputError('USAGE', `--side ${flags.side}: give service, client or callback`);
  }
  const rules = await listRules({
    ...(flags.side ? { side: flags.side as RuleSide } : {}),
    suites: flags.suite,
    rules: flags.rule,
    exclude: flags.exclude,
    endpoints: flags.endpoint,
    shard: flags.shard,
    suitesDir: flags.suitesDir,
    config: flags.config,
  }, cwd);
  if (flags.json) {
    print(`${JSON.stringify(rules, null, 2)}\n`);
    return 0;
  }
  for (const r of rules) {
    const { tokens, fixtures, capabilities, profile, receiver } = r.needs;
    const needs = [
      ...tokens.map((t) => (t === 'app' ? 'app.access_token' : `tokens.${t}`)),
      ...fixtures.map((f) => `fixtures.${f}`),
      ...capabilities.map((c) => `capability ${c}`),
      ...profile,
      ...(receiver ? ['webhook receiver'] : []),
    ];
    print(`${r.id}  ${r.strength}  ${r.suite}  ${r.endpoints.join(', ') || '-'}  needs: ${needs.join(', ') || 'nothing'}\n`);
  }
  print(`${rules.length} rule(s)\n`);
  return 0;
}

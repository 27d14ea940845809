import type { Command } from 'commander';
import { needsOf } from '../../harness/engine/needs.js';
import { loadSuites } from '../../harness/suite/load-suite.js';
import { endpointsOf } from '../../harness/suite/rule-endpoints.js';
import { assertSelection, selectedRules } from '../../harness/suite/select-rules.js';
import { loadConfig } from '../config-file.js';
import { planFromFlags, type RunFlags } from '../plan-from-flags.js';
import { selectionOptions } from './run.js';

interface ListFlags extends RunFlags {
  json?: boolean;
}

/** `graphcheck list`: the rules a run with the same selection would run, with what each sends to and needs. */
export function register(program: Command): void {
  const command = program
    .command('list')
    .description('list the rules (id, strength, suite, endpoints, needs) that a run with the same selection would run')
    .option('--json', 'one JSON array instead of lines')
    .option('--config <file>', 'config file (default: graphcheck.config.yaml here, if there is one)');
  selectionOptions(command).action(async (flags: ListFlags) => {
    process.exitCode = await listCommand(flags, (text) => process.stdout.write(text));
  });
}

export async function listCommand(flags: ListFlags, print: (text: string) => void): Promise<number> {
  const plan = planFromFlags(flags, await loadConfig(flags.config));
  const suites = await loadSuites(plan.suitesDir);
  assertSelection(suites, plan.selection, plan.suitesDir);
  const rules = selectedRules(suites, plan.selection).map(({ suite, rule }) => {
    const { tokens, fixtures, capabilities, profile, receiver, live } = needsOf(rule);
    return {
      id: rule.id,
      strength: rule.strength,
      suite: suite.suite,
      title: rule.title,
      endpoints: endpointsOf(rule),
      needs: { tokens, fixtures, capabilities, profile, receiver, live },
    };
  });
  if (flags.json) {
    print(`${JSON.stringify(rules, null, 2)}\n`);
    return 0;
  }
  for (const r of rules) {
    const needs = [
      ...r.needs.tokens.map((t) => (t === 'app' ? 'app.access_token' : `tokens.${t}`)),
      ...r.needs.fixtures.map((f) => `fixtures.${f}`),
      ...r.needs.capabilities.map((c) => `capability ${c}`),
      ...r.needs.profile,
      ...(r.needs.receiver ? ['webhook receiver'] : []),
    ];
    print(`${r.id}  ${r.strength}  ${r.suite}  ${r.endpoints.join(', ') || '-'}  needs: ${needs.join(', ') || 'nothing'}\n`);
  }
  print(`${rules.length} rule(s)\n`);
  return 0;
}

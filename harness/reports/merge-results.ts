import { UserInputError } from '../errors.js';
import type { BaselineOutcome, NotCheckable, RunResult } from '../model/index.js';
import { summarize } from '../verdict/gate.js';

/**
 * The reports of the shards of one run (`--shard i/n`) as one run: every rule once, in `order` (the suites'
 * order, so the merged report reads like an unsharded one), the baseline's counts added up, the summary anew.
 * `names` says where each report came from, for messages.
 */
export function mergeResults(reports: RunResult[], names: string[], order: string[]): RunResult {
  const first = reports[0]!;
  reports.forEach((r, i) => {
    if (r.seed !== first.seed) {
      throw new UserInputError('USAGE', `${names[i]}: seed ${r.seed}, but ${names[0]} has seed ${first.seed}: merge the shards of one run (same --seed)`);
    }
    if ((r.gate?.strict ?? false) !== (first.gate?.strict ?? false)) {
      throw new UserInputError('USAGE', `${names[i]}: run ${r.gate?.strict ? 'with' : 'without'} --strict, unlike ${names[0]}: merge the shards of one run`);
    }
  });
  const seen = new Map<string, string>();
  reports.forEach((r, i) => {
    for (const rule of r.results) {
      const earlier = seen.get(rule.rule);
      if (earlier) throw new UserInputError('USAGE', `${names[i]}: rule ${rule.rule} is also in ${earlier}: merge shards that split one run (--shard i/n)`);
      seen.set(rule.rule, names[i]!);
    }
  });
  const rank = new Map(order.map((id, i) => [id, i]));
  const results = reports.flatMap((r) => r.results).sort((a, b) => (rank.get(a.rule) ?? order.length) - (rank.get(b.rule) ?? order.length));
  const strict = first.gate?.strict ?? false;
  const baseline = mergeBaselines(reports);
  return {
    tool: first.tool,
    target: { baseUrl: first.target.baseUrl, source: [...new Set(reports.map((r) => r.target.source))].join('; ') },
    seed: first.seed,
    startedAt: reports.map((r) => r.startedAt).sort()[0]!,
    finishedAt: reports.map((r) => r.finishedAt).sort().at(-1)!,
    summary: summarize(results, { strict }),
    results,
    gate: { strict, allowStale: reports.every((r) => r.gate?.allowStale), ...(baseline ? { baseline } : {}) },
    notCheckable: unique(reports.flatMap((r) => r.notCheckable ?? [])),
    ...(reports.some((r) => r.secretsShown) ? { secretsShown: true as const } : {}),
  };
}

/** An entry's rules may fall in several shards: its counts add up, so it is stale only if all of them passed. */
function mergeBaselines(reports: RunResult[]): { file: string; entries: BaselineOutcome[] } | undefined {
  const withBaseline = reports.filter((r) => r.gate?.baseline);
  if (withBaseline.length === 0) return undefined;
  const entries = new Map<string, BaselineOutcome>();
  for (const r of withBaseline) {
    for (const e of r.gate!.baseline!.entries) {
      const key = `${e.rule}\u0000${e.verdict}`;
      const sum = entries.get(key) ?? { ...e, ran: 0, passed: 0 };
      sum.ran += e.ran;
      sum.passed += e.passed;
      entries.set(key, sum);
    }
  }
  return { file: withBaseline[0]!.gate!.baseline!.file, entries: [...entries.values()] };
}

function unique(items: NotCheckable[]): NotCheckable[] {
  const byKey = new Map(items.map((n) => [`${n.suite}\u0000${n.what}`, n]));
  return [...byKey.values()];
}

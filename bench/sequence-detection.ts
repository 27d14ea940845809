// How often each modelled area's fault switch fails its sequence rule, and how short the shrunk sequence is (issue
// 32 asks for a failure on at least 9 of 10 seeds, shrunk to at most 5 operations): for each pair below, the rule
// alone against the reference with the fault on, seeds 1..N (default 10), at the rule's default runs. With `--pass`,
// the rules against the correct reference instead, fixtures full and empty, and without the control protocol, on
// seeds 1..N (default 20). The figures go in bench/README.md.
// Run: node bin/run-ts.js bench/sequence-detection.ts [--seeds N] [--pass] [--only RULE]
import { loadavg } from 'node:os';
import { runAgainstReference, type ReferenceRunOptions } from '../test/helpers/run-reference.js';

/** Each sequence rule and the fault switches of its area that it must catch. */
export const SEQUENCE_FAULTS: { rule: string; fault: string }[] = [
  { rule: 'comments.sequence-against-the-model', fault: 'comments-delete-keeps-replied' },
  { rule: 'comments.sequence-against-the-model', fault: 'comments-toplevel-count-includes-replies' },
  { rule: 'feed.sequence-against-the-model', fault: 'feed-scheduled-listed-twice' },
  { rule: 'photos.sequence-against-the-model', fault: 'photos-temporary-upload-published' },
  { rule: 'subscriptions.sequence-against-the-model', fault: 'subscriptions-deleted-fields-return' },
  { rule: 'templates.sequence-against-the-model', fault: 'templates-delete-by-name-keeps-one-language' },
];

const args = process.argv.slice(2);
const flag = (name: string) => args[args.indexOf(name) + 1];
const only = args.includes('--only') ? flag('--only') : undefined;
const passing = args.includes('--pass');
const seeds = Number(args.includes('--seeds') ? flag('--seeds') : passing ? 20 : 10);

async function once(rule: string, seed: number, extra: Omit<ReferenceRunOptions, 'rules' | 'seed'>) {
  const started = Date.now();
  const result = await runAgainstReference({ rules: [rule], seed, runs: 20, ...extra });
  const r = result.results[0];
  if (!r) return { verdict: 'absent', reason: 'the rule did not run', ms: Date.now() - started };
  return { verdict: r.verdict, operations: r.sequence?.operations.length, reason: r.reason, ms: Date.now() - started };
}

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; seeds 1..${seeds}`);
if (passing) {
  const rules = [...new Set(SEQUENCE_FAULTS.map((p) => p.rule))].filter((r) => !only || r === only);
  const settings: [string, Omit<ReferenceRunOptions, 'rules' | 'seed'>][] = [['full', {}], ['fixtures empty', { fixtures: 'empty' }], ['without control', { withoutControl: true }]];
  for (const rule of rules) {
    for (const [name, extra] of settings) {
      const others: string[] = [];
      let passed = 0;
      let ms = 0;
      for (let seed = 1; seed <= seeds; seed++) {
        const r = await once(rule, seed, extra);
        ms += r.ms;
        if (r.verdict === 'passed') passed += 1;
        else others.push(r.verdict === 'skipped' ? `skipped (${r.reason ?? ''})` : `${seed}: ${r.verdict} (${r.reason ?? ''})`);
      }
      console.log(`${rule} (${name}): passed on ${passed}/${seeds}, ${(ms / seeds / 1000).toFixed(1)} s a seed${others.length ? `; ${[...new Set(others)].join('; ')}` : ''}`);
    }
  }
} else {
  for (const { rule, fault } of SEQUENCE_FAULTS.filter((p) => !only || p.rule === only)) {
    const lengths: number[] = [];
    const misses: string[] = [];
    let ms = 0;
    for (let seed = 1; seed <= seeds; seed++) {
      const r = await once(rule, seed, { faults: [fault] });
      ms += r.ms;
      if (r.verdict === 'failed') lengths.push(r.operations ?? -1);
      else misses.push(`${seed}: ${r.verdict}${r.reason ? ` (${r.reason})` : ''}`);
    }
    const longest = lengths.length ? Math.max(...lengths) : 0;
    console.log(`${fault} -> ${rule}: failed on ${lengths.length}/${seeds} seeds, shrunk to ${lengths.join(', ') || '-'} operations (longest ${longest}), ${(ms / seeds / 1000).toFixed(1)} s a seed${misses.length ? `; not on ${misses.join('; ')}` : ''}`);
  }
}

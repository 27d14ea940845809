// How often each modelled area's fault switch fails its sequence rule, and how short the shrunk sequence is: for
// each pair below, the rule alone against the embedded reference with the fault on, seeds 1..N (default 10) at the
// rule's default runs. Issue 32 asks for a failure on at least 9 of 10 seeds with at most 5 operations. Also, with
// `--pass`, the rules against the reference with no fault (fixtures full and empty) on seeds 1..N (default 20).
// Run: node bin/run-ts.js scripts/sequence-detection.ts [--seeds N] [--pass] [--only RULE]
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../bin/api.js';

/** Each sequence rule and the fault switch of its area that it must catch. */
const PAIRS: { rule: string; fault: string }[] = [
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

async function once(rule: string, seed: number, extra: { faults?: string[]; fixtures?: 'empty' }) {
  const reportDir = await mkdtemp(join(tmpdir(), 'graphcheck-sequences-'));
  try {
    const { result } = await run({ rules: [rule], seed, reportDir, formats: ['json'], ...extra });
    const r = result.results[0]!;
    return { verdict: r.verdict, operations: r.sequence?.operations.length, reason: r.reason, ms: r.durationMs, runs: r.runs };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; seeds 1..${seeds}`);
if (passing) {
  const rules = [...new Set(PAIRS.map((p) => p.rule))].filter((r) => !only || r === only);
  for (const rule of rules) {
    for (const fixtures of [undefined, 'empty'] as const) {
      const verdicts: string[] = [];
      for (let seed = 1; seed <= seeds; seed++) {
        const r = await once(rule, seed, fixtures ? { fixtures } : {});
        verdicts.push(r.verdict === 'passed' ? 'P' : `${r.verdict}(${seed}: ${r.reason})`);
      }
      const passed = verdicts.filter((v) => v === 'P').length;
      console.log(`${rule}${fixtures ? ' (fixtures empty)' : ''}: passed on ${passed}/${seeds}${passed < seeds ? `; ${verdicts.filter((v) => v !== 'P').join('; ')}` : ''}`);
    }
  }
} else {
  for (const { rule, fault } of PAIRS.filter((p) => !only || p.rule === only)) {
    const found: number[] = [];
    const lengths: number[] = [];
    const misses: string[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const r = await once(rule, seed, { faults: [fault] });
      if (r.verdict === 'failed') {
        found.push(seed);
        lengths.push(r.operations ?? -1);
      } else misses.push(`${seed}: ${r.verdict}${r.reason ? ` (${r.reason})` : ''}`);
    }
    const longest = lengths.length ? Math.max(...lengths) : 0;
    console.log(`${fault} -> ${rule}: failed on ${found.length}/${seeds} seeds, shrunk to ${lengths.join(', ') || '-'} operations (longest ${longest})${misses.length ? `; not on ${misses.join('; ')}` : ''}`);
  }
}

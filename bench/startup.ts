// How long graphcheck takes to start: `--version` and `list` of the compiled CLI (dist/bin/cli.js, built first so
// the figures are of the code as it is), beside `node -e 0` (the floor: a process that loads nothing) and the same
// commands from the TypeScript sources through tsx (what the project's tests spawn).
// Run: npm run bench:startup [-- runs] [--also LABEL=path/to/cli.js ...]   (default 10 runs; median, min, max)
import { execFileSync, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Case {
  label: string;
  args: string[];
  /** What a run must print, so a broken command is not timed as a fast one. */
  prints: RegExp;
}

function cases(also: [string, string][]): Case[] {
  const cli = (label: string, entry: string): Case[] => [
    { label: `${label} --version`, args: [entry, '--version'], prints: /^\d+\.\d+\.\d+\n$/ },
    { label: `${label} list`, args: [entry, 'list'], prints: /^\d+ rule\(s\)$/m },
  ];
  return [
    { label: 'node -e 0', args: ['-e', '0'], prints: /^$/ },
    ...cli('graphcheck (dist)', 'dist/bin/cli.js'),
    ...cli('graphcheck (sources, tsx)', 'bin/graphcheck.js'),
    ...also.flatMap(([label, entry]) => cli(label, entry)),
  ];
}

/** One run's wall time in milliseconds, from spawn to exit. */
function timeOnce(c: Case): number {
  const started = process.hrtime.bigint();
  const out = spawnSync(process.execPath, c.args, { cwd: ROOT, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (out.status !== 0 || !c.prints.test(out.stdout)) throw new Error(`${c.label}: exit ${out.status}, printed ${JSON.stringify(out.stdout.slice(-200))} ${out.stderr}`);
  return ms;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 10);
const also = args.flatMap((a, i) => (args[i - 1] === '--also' ? [a.split('=') as [string, string]] : []));

execFileSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: 'inherit' });
const all = cases(also);
// One warm-up of each (the file cache, tsx's transform cache), not counted.
for (const c of all) timeOnce(c);
const load = loadavg()[0]!.toFixed(2);
const times = new Map<Case, number[]>(all.map((c) => [c, []]));
// Interleaved: each round runs every case once, so a burst of other work on the machine hits all of them alike.
for (let round = 0; round < runs; round++) for (const c of all) times.get(c)!.push(timeOnce(c));

const rows = all.map((c) => {
  const t = times.get(c)!;
  return `| ${c.label} | ${(median(t) / 1000).toFixed(3)} | ${(Math.min(...t) / 1000).toFixed(3)} | ${(Math.max(...t) / 1000).toFixed(3)} |`;
});
process.stdout.write(
  [
    `startup, ${runs} runs each, interleaved (node ${process.version}; load average ${load} before, ${loadavg()[0]!.toFixed(2)} after)`,
    '',
    '| command | median s | min s | max s |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);

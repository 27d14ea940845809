// Peak memory of `graphcheck replay` (load, then one answer served) and `graphcheck check` over a small `.yaml.gz`
// cassette of many large answers, each in a fresh process (Linux: VmHWM from /proc).
// Run: node bin/run-ts.js bench/replay-memory.ts [count] [MiB]   (default 12 200: issue 29's cassette)
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixed, machine } from './bench-support.js';
import { answerPath, measured, writeLargeAnswers } from './large-answers.js';

const count = Number(process.argv[2] ?? 12);
const mib = Number(process.argv[3] ?? 200);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(mib) || mib < 1) throw new Error('usage: replay-memory.ts [count] [MiB]');
const dir = mkdtempSync(join(tmpdir(), 'graphcheck-bench-'));
try {
  const file = join(dir, 'large-answers.yaml.gz');
  const probe = await writeLargeAnswers(file, count, mib, count - 1);
  const replay = await measured(['replay', '--cassette', file], answerPath(count - 1));
  if (replay.served?.sha256 !== probe.sha256) throw new Error(`replay served something else: ${JSON.stringify(replay.served)} ${replay.stderr}`);
  const check = await measured(['check', '--cassette', file, '--report-dir', join(dir, 'reports')]);
  if (check.code === 2 || !/judged from this traffic/.test(check.stdout)) throw new Error(`check did not read the cassette: ${check.stderr}`);
  // The same answers to requests carrying no credential: `check` holds those until the traffic shows one.
  const tokenlessFile = join(dir, 'large-answers-tokenless.yaml.gz');
  await writeLargeAnswers(tokenlessFile, count, mib, count - 1, true);
  const held = await measured(['check', '--cassette', tokenlessFile, '--report-dir', join(dir, 'reports-tokenless')]);
  if (held.code === 2 || !/judged from this traffic/.test(held.stdout)) throw new Error(`check did not read the tokenless cassette: ${held.stderr}`);
  console.log(`${count} answers of ${mib} MiB, ${fixed(statSync(file).size / 2 ** 20, 1)} MiB on disk`);
  console.log(machine(false));
  console.log('| command | peak RSS | time |\n|---|---|---|');
  console.log(`| replay (load, serve the last answer) | ${fixed(replay.peakMb, 0)} MB | ${fixed(replay.ms / 1000, 1)} s |`);
  console.log(`| check | ${fixed(check.peakMb, 0)} MB | ${fixed(check.ms / 1000, 1)} s |`);
  console.log(`| check, requests without a credential | ${fixed(held.peakMb, 0)} MB | ${fixed(held.ms / 1000, 1)} s |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

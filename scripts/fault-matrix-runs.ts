/**
 * The runs behind docs/fault-matrix.md: each fault switch on alone, the rules run against the reference (seed 7), the
 * ones that fail written in its cells. A full regeneration runs every rule under every fault (~250 runs of ~15 s,
 * shared out over processes); `rules` or `faults` narrow it to the rows or cells a change touches, the rest kept.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadSuites } from '../harness/suite-loading/load-suite.js';
import { matchesRule, selectedRules } from '../harness/suite/select-rules.js';
import { FAULTS } from '../reference/faults.js';
import { SUITES_DIR } from '../bin/commands/run.js';
import { FAULT_MATRIX_FILE, parseFaultMatrix, renderFaultMatrix, updateFaultMatrix } from './fault-matrix-document.js';

export interface FaultMatrixOptions {
  /** Rule ids or globs: only their rows are judged again. */
  rules?: string[];
  /** Fault names: only their cells are judged again. */
  faults?: string[];
  /** Processes the faults are shared out over (default 1). */
  jobs?: number;
}

/** One share of the work, as `scripts/fault-matrix-part.ts` runs it in a process of its own. */
export interface FaultMatrixPart {
  faults: string[];
  rules?: string[];
}

/** Regenerates docs/fault-matrix.md, whole or in part; returns a line saying what ran. */
export async function regenerateFaultMatrix(options: FaultMatrixOptions = {}): Promise<string> {
  const all = Object.keys(FAULTS);
  const unknown = (options.faults ?? []).filter((fault) => !(fault in FAULTS));
  if (unknown.length > 0) throw new Error(`unknown fault ${unknown.join(', ')}; see serve-reference --list-faults`);
  const inRun = selectedRules(await loadSuites(SUITES_DIR), {}).map(({ rule }) => ({ rule: rule.id, strength: rule.strength }));
  const ranRules = options.rules ? inRun.map((r) => r.rule).filter((id) => options.rules!.some((p) => matchesRule(p, id))) : undefined;
  if (options.rules && ranRules!.length === 0) throw new Error(`--rule ${options.rules.join(' ')} matches no rule the run judges`);
  const faults = options.faults ?? all;
  const judged = await inProcesses({ faults, ...(ranRules ? { rules: ranRules } : {}) }, Math.max(1, options.jobs ?? 1));
  const current = parseFaultMatrix(await readFile(FAULT_MATRIX_FILE, 'utf8').catch(() => ''));
  const matrix = updateFaultMatrix(current, inRun, judged, ranRules ? new Set(ranRules) : 'all', all);
  await writeFile(FAULT_MATRIX_FILE, renderFaultMatrix(matrix, all));
  const what = `${ranRules ? `${ranRules.length} of ${inRun.length}` : inRun.length} rules under ${faults.length} faults`;
  return `${FAULT_MATRIX_FILE}: ${what}`;
}

/** Fault -> the rules it made fail, the faults shared out over `count` processes. */
async function inProcesses(work: FaultMatrixPart, count: number): Promise<Map<string, string[]>> {
  const part = fileURLToPath(new URL('./fault-matrix-part.ts', import.meta.url));
  const runTs = fileURLToPath(new URL('../bin/run-ts.js', import.meta.url));
  const shares = Array.from({ length: Math.min(count, work.faults.length) }, (_, i) => work.faults.filter((_, j) => j % count === i));
  const outputs = await Promise.all(
    shares.map((faults) =>
      promisify(execFile)(process.execPath, [runTs, part, JSON.stringify({ ...work, faults })], { maxBuffer: 64 * 1024 * 1024 }),
    ),
  );
  return new Map(outputs.flatMap(({ stdout }) => JSON.parse(stdout) as [string, string[]][]));
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { selectedRules } from '../../harness/suite/select-rules.js';
import { FAULTS } from '../../reference/faults.js';
import { FAULT_MATRIX_FILE, parseFaultMatrix, renderFaultMatrix, updateFaultMatrix } from '../../scripts/fault-matrix-document.js';
import { CHEAP_DOCUMENTS } from '../../scripts/generated-documents.js';
import { listFlag } from '../../scripts/flags.js';
import { everyShippedSuite } from '../helpers/shipped-suites.js';

describe('every generated document is current (npm run regen writes them)', () => {
  it.each(CHEAP_DOCUMENTS.map((d) => [d.path, d] as const))('%s is what its source makes now', async (path, document) => {
    const current = readFileSync(path, 'utf8');
    const stale = `stale: ${path} is made from ${document.from}; run npm run regen -- --cheap`;
    expect((await document.render(current)) === current, stale).toBe(true);
  });

  it("docs/fault-matrix.md has a row for each rule the run judges, in run order, and names only the catalogue's faults", async () => {
    const matrix = parseFaultMatrix(readFileSync(FAULT_MATRIX_FILE, 'utf8'));
    const rules = selectedRules(await everyShippedSuite(), {}).map(({ rule }) => rule.id);
    const hint = 'run npm run regen -- --rule ID (a new or renamed rule) or --fault NAME (a new fault)';
    expect(matrix.rows.map((row) => row.rule), `stale rows: ${hint}`).toEqual(rules);
    const named = new Set([...matrix.rows.flatMap((row) => row.faults), ...matrix.notes.keys()]);
    expect([...named].filter((fault) => !(fault in FAULTS)), `unknown faults: ${hint}`).toEqual([]);
    expect(Object.keys(FAULTS).filter((fault) => !named.has(fault)), `faults never judged: ${hint}`).toEqual([]);
  });
});

describe('a partial regeneration of the fault matrix', () => {
  const before = parseFaultMatrix(
    ['| `a.one` | MUST | `f1`, `f2` |', '| `a.two` | SHOULD | `f2` |', '', '- `f3` (why nobody catches it)', ''].join('\n'),
  );
  const rules = [
    { rule: 'a.one', strength: 'MUST' },
    { rule: 'a.new', strength: 'MUST' },
    { rule: 'a.two', strength: 'SHOULD' },
  ];

  it('rewrites only the rows of the rules that ran, in run order, and keeps every other cell', () => {
    const after = updateFaultMatrix(before, rules, new Map([['f1', ['a.new']], ['f2', []], ['f3', ['a.new']]]), new Set(['a.new']), ['f1', 'f2', 'f3']);
    expect(after.rows).toEqual([
      { rule: 'a.one', strength: 'MUST', faults: ['f1', 'f2'] },
      { rule: 'a.new', strength: 'MUST', faults: ['f1', 'f3'] },
      { rule: 'a.two', strength: 'SHOULD', faults: ['f2'] },
    ]);
  });

  it("rewrites only a fault's cells when that fault ran over every rule, and keeps a person's note on a fault still uncaught", () => {
    const after = updateFaultMatrix(before, rules, new Map([['f2', ['a.two']]]), 'all', ['f1', 'f2', 'f3']);
    expect(after.rows.map((row) => row.faults)).toEqual([['f1'], [], ['f2']]);
    expect(renderFaultMatrix(after, ['f1', 'f2', 'f3'])).toContain('- `f3` (why nobody catches it)\n');
  });

  it('reads repeated flags', () => {
    expect(listFlag('--rule', ['--rule', 'a', 'b', '--jobs', '2', '--rule', 'c'])).toEqual(['a', 'b', 'c']);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript module read by ESLint's config, no types of its own
import { MAY_IMPORT, mayImport, unitOf } from '../../lint/import-layers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const table = MAY_IMPORT as Record<string, string[]>;
const may = mayImport as (from: string, to: string) => boolean;
const unit = unitOf as (path: string) => string | undefined;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(folder, f));
}

/** Unit-to-unit edges of the real code: every relative import that crosses units. */
function importEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of [...sourceFiles('harness'), ...sourceFiles('bin')]) {
    const from = unit(file)!;
    for (const [, spec] of readFileSync(join(ROOT, file), 'utf8').matchAll(/from\s+'(\.[^']+)'/g)) {
      const to = unit(relative(ROOT, normalize(join(ROOT, dirname(file), spec!))));
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

describe('imports follow the table in ARCHITECTURE.md, and lint enforces it', () => {
  it('npm run lint fails on an import the table does not allow, and not on one it allows', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const [backward] = await eslint.lintText("import { send } from '../client/send.js';\nexport const x = send;\n", {
      filePath: join(ROOT, 'harness/profile/backward-import.ts'),
    });
    expect(backward!.messages.map((m) => [m.ruleId, m.message])).toEqual([
      ['layers/allowed-imports', expect.stringMatching(/^profile may not import client \(\.\.\/client\/send\.js\): ARCHITECTURE\.md's table/)],
    ]);
    const [intoReference] = await eslint.lintText("import { startReference } from '../../reference/index.js';\nexport const x = startReference;\n", {
      filePath: join(ROOT, 'harness/engine/uses-reference.ts'),
    });
    expect(intoReference!.messages.map((m) => m.ruleId)).toEqual(['layers/allowed-imports']);
    const [allowed] = await eslint.lintText("import { send } from '../client/send.js';\nexport const x = send;\n", {
      filePath: join(ROOT, 'harness/control/forward-import.ts'),
    });
    expect(allowed!.messages).toEqual([]);
  });

  it('the code keeps the table: every crossing import is allowed, and no two units import each other around a cycle', () => {
    const edges = importEdges();
    const broken = [...edges].flatMap(([from, tos]) => [...tos].filter((to) => !may(from, to)).map((to) => `${from} -> ${to}`));
    expect(broken).toEqual([]);
    const cycles: string[] = [];
    const visit = (node: string, path: string[]): void => {
      if (path.includes(node)) return void cycles.push([...path.slice(path.indexOf(node)), node].join(' -> '));
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it("ARCHITECTURE.md's May-import column says what lint/import-layers.js enforces", () => {
    const rows = readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8').split('\n').filter((l) => l.startsWith('| `harness/'));
    const shown = Object.fromEntries(
      rows.map((row) => {
        const [folder, , mayImportCell] = row.slice(2, -2).split(' | ');
        const name = unit(folder!.replace(/`/g, '').replace(/\/$/, '/x.ts'))!;
        return [name, [...mayImportCell!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!)];
      }),
    );
    const harnessUnits = Object.fromEntries(Object.entries(table).filter(([name]) => name !== 'bin' && name !== 'reference'));
    expect(shown).toEqual(harnessUnits);
  });
});

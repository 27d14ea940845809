import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserInputError } from '../../../harness/errors.js';
import { loadSweepFile, sweepSuiteRules } from '../../../harness/sweep/sweep-suite.js';
import type { Rule } from '../../../harness/suite/suite.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/** A spec in the shape of the real one: a section with a parameter table and an Errors table. */
const SPEC = [
  '# A service',
  '',
  '## Endpoints',
  '',
  '### Dials',
  '',
  'Requirements: a Page access token.',
  '',
  '| Parameter | Type | Meaning |',
  '|---|---|---|',
  '| `heading` | int64 | Degrees, 0 to 360. |',
  '| `mode` | enum `fast`, `slow` | How it turns. |',
  '| `loud` | boolean | Whether it rings. |',
  '',
].join('\n');

const DECLARATION = (row: string) =>
  [
    'area: dials',
    'operations:',
    '  - name: set',
    '    title: POST /{page_id}/dials',
    '    section: Endpoints › Dials',
    '    request: { method: POST, path: "/{{fixtures.page_id}}/dials", form: { heading: 10, mode: fast, loud: false } }',
    '    token: page',
    '    requirements: "Requirements: a Page access token."',
    '    params:',
    `      - table: ${row}`,
    '',
  ].join('\n');

let dir: string;
beforeEach(async () => {
  dir = tempFolder('graphcheck-sweep-');
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function declared(text: string): Promise<string> {
  const file = join(dir, 'dials.yaml');
  await writeFile(file, text);
  return file;
}

/** Each rule's cases as `name -> expectations`, by rule id. */
function casesById(rules: Rule[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    rules.map((rule) => {
      const step = rule.steps.at(-1) as { cases: { groups: { cases: { name: string; expect: unknown }[] }[] } };
      return [rule.id, Object.fromEntries(step.cases.groups.flatMap((g) => g.cases.map((c) => [c.name, c.expect])))];
    }),
  );
}

describe('sweeps generated from the spec tables', () => {
  it('derives each kind of case from the rows of the table a declaration names, every rule a sweep', async () => {
    const rules = sweepSuiteRules([await loadSweepFile(await declared(DECLARATION('heading')))], SPEC);
    expect(rules.map((r) => r.id)).toEqual(['sweep.dials.tokens.set', 'sweep.dials.bounds.set', 'sweep.dials.listed.set', 'sweep.dials.types.set']);
    expect(rules.every((r) => r.origin === 'sweep' && r.strength === 'MUST')).toBe(true);
    const cases = casesById(rules);
    expect(Object.keys(cases['sweep.dials.bounds.set']!)).toEqual(['heading=0', 'heading=360', 'heading=-1', 'heading=361', 'heading=2^63']);
    // A Boolean's two values are listed ones (R55).
    expect(Object.keys(cases['sweep.dials.listed.set']!)).toEqual(['mode=fast', 'mode=slow', 'mode=FAST', 'mode=fas', 'loud=true', 'loud=false']);
    expect(Object.keys(cases['sweep.dials.types.set']!)).toEqual(expect.arrayContaining(['heading=many', 'heading=1.5', 'loud=maybe']));
    expect(Object.keys(cases['sweep.dials.tokens.set']!)).toEqual(['without access_token', 'with a token never issued']);
    // Each case cites the row it came from.
    expect(rules.find((r) => r.id === 'sweep.dials.bounds.set')?.cites).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: '| `heading` | int64 | Degrees, 0 to 360. |' })]),
    );
  });

  it('asserts only what the text states: a message past a bound only, listed values it leaves open unasserted, a parameter sent beside the one it qualifies', async () => {
    const text = [
      'area: dials',
      'operations:',
      '  - name: set',
      '    title: POST /{page_id}/dials',
      '    section: Endpoints › Dials',
      '    request: { method: POST, path: "/{{fixtures.page_id}}/dials", form: { heading: 10, mode: fast, loud: false } }',
      '    token: page',
      '    params:',
      '      - table: mode',
      '    declared:',
      '      - { name: limit, type: int, notes: at most 100, refusal: { message_contains: "100" }, cite: { section: Endpoints › Dials, text: "Requirements: a Page access token." }, why: a list item }',
      '    overrides:',
      '      mode: { no_acceptance: [slow], beside: { loud: true }, why: slow needs a loud dial }',
      '      heading: { skip: true, why: not swept in this test }',
      '',
    ].join('\n');
    const rules = sweepSuiteRules([await loadSweepFile(await declared(text))], SPEC);
    const cases = casesById(rules);
    expect(cases['sweep.dials.bounds.set']!['limit=101']).toEqual([{ error: { code: [100], message_contains: '100' } }]);
    expect(cases['sweep.dials.types.set']!['limit=many']).toEqual([{ error: { code: [100] } }]);
    expect(Object.keys(cases['sweep.dials.listed.set']!).filter((name) => name.startsWith('mode='))).toEqual(['mode=fast', 'mode=FAST', 'mode=fas']);
    const listed = rules.find((r) => r.id === 'sweep.dials.listed.set')!.steps.at(-1) as { cases: { groups: { with?: unknown }[] } };
    expect(listed.cases.groups[0]!.with).toEqual({ form: { loud: true, mode: 'fast' } });
  });

  it('a declaration the schema refuses, or a row the spec does not have, is one error naming file and line', async () => {
    const bad = await declared(DECLARATION('heading').replace('    token: page\n', '    token: page\n    colour: red\n'));
    const schema = await loadSweepFile(bad).catch((e: unknown) => e);
    expect(schema).toBeInstanceOf(UserInputError);
    expect((schema as Error).message).toMatch(new RegExp(`^${bad.replace(/[/.]/g, '\\$&')}:8: .*colour`));

    const missing = await loadSweepFile(await declared(DECLARATION('volume')));
    const error = (() => {
      try {
        return sweepSuiteRules([missing], SPEC);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as Error).message).toMatch(/dials\.yaml:10: no such table or list in the spec's section "Endpoints › Dials"/);
  });
});

import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConstraints, parseType } from '../../../harness/sweep/param-type.js';
import { loadSweepFile, sweepSuiteRules } from '../../../harness/sweep/sweep-suite.js';
import type { Rule } from '../../../harness/suite/suite.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/** A section whose table and sub-field lists use every type word the sweeps read (issue 30). */
const SPEC = [
  '# A service',
  '',
  '## Endpoints',
  '',
  '### Boards',
  '',
  '| Parameter | Type | Meaning |',
  '|---|---|---|',
  '| `count` | int32 | How many. |',
  '| `offset` | int64 | Where from. |',
  '| `link` | URL | A photo on the web. |',
  '| `pins` | list of objects | Minimum 1, maximum 3 objects. Each: `x` float (offset), `label` string, `owner` int (a person). |',
  '| `shown` | Boolean | Default true. |',
  '| `audience` | object | Sub-fields: `ranks` list of unsigned int32 (1, 2, 3), `place` (object with `codes` list of string, `areas` list of objects with `key` int64). |',
  '',
].join('\n');

const DECLARATION = [
  'area: boards',
  'operations:',
  '  - name: pin',
  '    title: POST /{page_id}/boards',
  '    section: Endpoints › Boards',
  '    request: { method: POST, path: "/{{fixtures.page_id}}/boards", form: { count: 1, pins: [{ x: 1.5, label: A }] } }',
  '    token: page',
  '    params:',
  '      - table: count',
  '      - fields: { row: pins, after: "Each:" }',
  '        of: pins[0]',
  '      - fields: { row: audience, after: "Sub-fields:" }',
  '        of: audience',
  '    overrides:',
  '      link: { valid: "{{host.png}}", web_only: true, codes: [324], why: "a photo on the run\'s content host" }',
  '      pins[0].owner: { leave_out: true, why: "a person the profile cannot name" }',
  '      audience: { valid: { ranks: [1] }, why: "a rank that is listed" }',
  '      audience.place: { valid: { codes: [FR] }, why: "an ISO country code" }',
  '      audience.place.areas: { leave_out: true, why: "areas name a catalogue the spec does not give" }',
  '      audience.place.areas[0].key: { leave_out: true, why: "areas name a catalogue the spec does not give" }',
  '',
].join('\n');

let dir: string;
beforeEach(async () => {
  dir = tempFolder('graphcheck-type-words-');
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

type Case = { name: string; with: Record<string, unknown>; expect: unknown[] };
type Group = { with?: Record<string, unknown>; control?: unknown; cases: Case[] };

async function rules(): Promise<Rule[]> {
  const file = join(dir, 'boards.yaml');
  await writeFile(file, DECLARATION);
  return sweepSuiteRules([await loadSweepFile(file)], SPEC);
}

function groupsOf(all: Rule[], id: string): Group[] {
  const step = all.find((r) => r.id === id)!.steps.at(-1) as { cases: { groups: Group[] } };
  return step.cases.groups;
}

const names = (groups: Group[]) => groups.flatMap((g) => g.cases.map((c) => c.name));
const caseNamed = (groups: Group[], name: string) => groups.flatMap((g) => g.cases.map((c) => ({ group: g, case: c }))).find((x) => x.case.name === name)!;

describe('the type words and what they rule out', () => {
  it('reads URL and URI, a string label, and a list\'s fewest and most items', () => {
    expect(parseType('URL')).toEqual({ kind: 'url' });
    expect(parseType('string URL')).toEqual({ kind: 'url' });
    expect(parseType('string (URI)')).toEqual({ kind: 'url' });
    expect(parseType('string label')).toEqual({ kind: 'string' });
    expect(parseConstraints('Minimum 2, maximum 5 objects.', { table: true })).toMatchObject({ minItems: 2, maxItems: 5 });
  });

  it('goes past the limits of int32, int64 and unsigned, in a form as text and in JSON as a number a double holds', async () => {
    const all = await rules();
    const bounds = names(groupsOf(all, 'sweep.boards.bounds.pin'));
    expect(bounds).toEqual(expect.arrayContaining(['count=2^31', 'count=-2^31-1', 'offset=2^63', 'offset=-2^63-1', 'audience.ranks=[-1]', 'audience.ranks=[2^32]']));
    expect(caseNamed(groupsOf(all, 'sweep.boards.bounds.pin'), 'offset=-2^63-1').case.with).toEqual({ form: { offset: '-9223372036854775809' } });
    expect(caseNamed(groupsOf(all, 'sweep.boards.bounds.pin'), 'audience.place.areas[0].key=-2^63-2048').case.with).toEqual({
      form: { audience: { place: { areas: [{ key: -9223372036854777856 }] } } },
    });
  });

  it('accepts a Boolean\'s two values and refuses what is no Boolean spelling, never 1, 0, yes or on (R55)', async () => {
    const all = await rules();
    const listed = names(groupsOf(all, 'sweep.boards.listed.pin'));
    expect(listed).toEqual(expect.arrayContaining(['shown=true', 'shown=false']));
    const types = names(groupsOf(all, 'sweep.boards.types.pin'));
    expect(types).toEqual(expect.arrayContaining(['shown=maybe', 'shown=2', 'shown={"graphcheck":true}']));
    expect(types.filter((n) => /^shown=(1|0|True|yes|on)$/.test(n))).toEqual([]);
    expect(all.find((r) => r.id === 'sweep.boards.types.pin')!.readings).toContain('R55');
  });

  it('refuses words and a relative path for a URL, and another scheme where the service fetches it, with its own codes', async () => {
    const groups = groupsOf(await rules(), 'sweep.boards.types.pin');
    expect(names(groups)).toEqual(expect.arrayContaining(['link=not a url', 'link=/graphcheck/relative.png', 'link=file:///graphcheck.png']));
    expect(caseNamed(groups, 'link=not a url').case.expect).toEqual([{ error: { code: [100, 324] } }]);
    expect(caseNamed(groups, 'link=not a url').group.with).toEqual({ form: { link: '{{host.png}}' } });
  });

  it('sends a list short of and past its stated items, a bare item, and items of another type', async () => {
    const all = await rules();
    const bounds = groupsOf(all, 'sweep.boards.bounds.pin');
    expect(caseNamed(bounds, 'pins with 0 items').case.with).toEqual({ form: { pins: [] } });
    expect(caseNamed(bounds, 'pins with 4 items').case.expect).toEqual([{ error: { code: [100] } }]);
    expect(caseNamed(bounds, 'pins with 3 items').case.expect).toEqual(['ok']);
    const types = groupsOf(all, 'sweep.boards.types.pin');
    expect(caseNamed(types, 'pins=one item, not a list').case.with).toEqual({ form: { pins: { x: 1.5, label: 'A' } } });
    expect(names(types)).toEqual(expect.arrayContaining(['audience.ranks=[1.5]', 'audience.place.codes=[{"graphcheck":true}]', 'pins[0].label={"graphcheck":true}']));
  });

  it('sweeps a sub-field at every depth, its control leaving out what cannot be named and keeping the objects on the way', async () => {
    const types = groupsOf(await rules(), 'sweep.boards.types.pin');
    const key = caseNamed(types, 'audience.place.areas[0].key=many');
    expect(key.group.with).toEqual({ form: { audience: { place: { codes: ['FR'] } } } });
    expect(key.case.with).toEqual({ form: { audience: { place: { areas: [{ key: 'many' }] } } } });
    const owner = caseNamed(types, 'pins[0].owner=many');
    expect(owner.group.with).toEqual({ form: { pins: [{ x: 1.5, label: 'A' }] } });
    expect(owner.case.with).toEqual({ form: { pins: [{ x: 1.5, label: 'A', owner: 'many' }] } });
  });
});

import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPagingFile, pagingSuite } from '../../../harness/sweep/paging-suite.js';
import { withLimit } from '../../../harness/sweep/paging-rules.js';
import type { Step } from '../../../harness/suite/step.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/** A spec with two lists: one whose `limit` is documented, one a rule can only grow. */
const SPEC = [
  '# A service',
  '',
  '## Endpoints',
  '',
  '### Dials',
  '',
  '**GET `/{page_id}/dials`** returns the dials of a Page as a list result.',
  '',
  '`limit` caps the page size.',
  '',
  '### Knobs',
  '',
  'GET `/{dial_id}/knobs` returns a list result of knobs.',
  '',
].join('\n');

const DECLARATION = `area: dials
lists:
  - name: dials
    title: GET /{page_id}/dials
    cites: [{ section: Endpoints › Dials, text: "returns the dials of a Page as a list result." }]
    list: { method: GET, path: "/{{fixtures.page_id}}/dials", query: { limit: "{limit}" } }
    limit: { cite: { section: Endpoints › Dials, text: "\`limit\` caps the page size." } }
    make: { method: POST, path: "/{{fixtures.page_id}}/dials" }
  - name: knobs
    title: GET /{dial_id}/knobs
    cites: [{ section: Endpoints › Knobs, text: "returns a list result of knobs." }]
    setup:
      - request: { method: POST, path: "/{{fixtures.page_id}}/dials" }
        capture: { dial: body.id }
    list: { method: GET, path: "/{{captured.dial}}/knobs", query: { summary: true } }
    make: { method: POST, path: "/{{captured.dial}}/knobs" }
    total_count: { at_least: true, cite: { section: Endpoints › Knobs, text: "returns a list result of knobs." } }
`;

let dir: string;
beforeEach(async () => {
  dir = tempFolder('graphcheck-paging-');
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function declared(text: string) {
  const file = join(dir, 'dials.yaml');
  await writeFile(file, text);
  return loadPagingFile(file);
}

const kinds = (steps: Step[]) => steps.map((s) => Object.keys(s).find((k) => !['note', 'expect', 'assume', 'capture', 'setup'].includes(k)));

describe('paging walks generated from the spec\'s list edges', () => {
  it('walks a list with a documented limit at 1 and at a drawn limit, over the rule\'s own items on a fixture\'s list', async () => {
    const { rules } = pagingSuite([await declared(DECLARATION)], SPEC);
    expect(rules.map((r) => r.id)).toEqual(['paging.dials.dials', 'paging.dials.knobs']);
    const [dials, knobs] = rules as [(typeof rules)[0], (typeof rules)[0]];
    expect(dials.origin).toBe('sweep');
    expect(dials.given).toEqual({ limit: { integer: { min: 2, max: 5 } } });
    expect(kinds(dials.steps)).toEqual(['repeat', 'walk', 'walk']);
    const walks = dials.steps.slice(1) as { walk: { request: { query: unknown }; until_listed?: unknown }; expect: unknown[] }[];
    expect(walks.map((w) => w.walk.request.query)).toEqual([{ limit: 1 }, { limit: '{{given.limit}}' }]);
    // The fixture's list holds others' items: the rule's own are included, the walk stops a page after them.
    expect(walks[0]!.walk.until_listed).toBe('{{captured.made}}');
    expect(walks[0]!.expect).toContainEqual({ 'each-item-once': { includes: '{{captured.made}}', partial: true } });
    // A list the rule grows: filled past the first page, gated (R53), walked whole, exactly its items.
    expect(kinds(knobs.steps)).toEqual(['request', 'fill', 'request', 'walk']);
    expect(knobs.readings).toEqual(['NS-23', 'R53']);
    const walk = knobs.steps.at(-1) as { walk: Record<string, unknown>; expect: unknown[] };
    expect(walk.walk).toEqual({ request: { method: 'GET', path: '/{{captured.dial}}/knobs', query: { summary: true } }, max_pages: 400, compare_after: 2 });
    expect(walk.expect).toEqual(['ok', { 'each-item-once': { same_as: '{{captured.made}}' } }, { 'after-gives-next': {} }, { 'walk-total-count': { at_least: true } }]);
  });

  it('refuses a list statement no declaration names, at its line in the spec', async () => {
    const file = await declared(DECLARATION.slice(0, DECLARATION.indexOf('  - name: knobs')));
    expect(() => pagingSuite([file], SPEC, 'spec.md')).toThrow(/^spec\.md:13: states a list that no paging declaration .* walks or says why not: "GET `\/\{dial_id\}\/knobs` returns a list result of knobs\."/);
  });

  it('refuses a cite the spec does not hold, and a declaration the schema refuses, at their line', async () => {
    const wrong = await declared(DECLARATION.replace('caps the page size', 'sets the page size'));
    expect(() => pagingSuite([wrong], SPEC)).toThrow(/dials\.yaml:7: the spec has no "`limit` sets the page size\."/);
    await expect(declared(DECLARATION.replace('title: GET /{dial_id}/knobs', 'titel: x'))).rejects.toThrow(/dials\.yaml:9: \/lists\/1 must have required property 'title'/);
  });

  it('puts the limit where {limit} stands, and leaves a parameter of it out without one', () => {
    const request = { method: 'GET', query: { limit: '{limit}', fields: 'messages.limit({limit})' } };
    expect(withLimit(request, 1)).toEqual({ method: 'GET', query: { limit: 1, fields: 'messages.limit(1)' } });
    expect(withLimit(request, '{{given.limit}}')).toEqual({ method: 'GET', query: { limit: '{{given.limit}}', fields: 'messages.limit({{given.limit}})' } });
    expect(withLimit(request, undefined)).toEqual({ method: 'GET', query: { fields: 'messages.limit()' } });
  });
});

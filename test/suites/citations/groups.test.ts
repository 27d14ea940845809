import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuiteFile } from '../../../harness/suite-loading/load-suite.js';
import { SUITES_DIR } from '../../../bin/commands/run.js';
import { SHARED } from '../../helpers/paths.js';

const SPEC = readFileSync(join(SHARED, 'spec', 'social-graph-interface.md'), 'utf8');
const READINGS = readFileSync(join(SHARED, 'spec', 'readings.md'), 'utf8');
const HEADINGS = [...SPEC.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.trim());
/** `Resources` names "Resources and their fields", `Page photos` names "Page photos: `/{page_id}/photos`". */
const isHeading = (name: string) => HEADINGS.some((h) => h === name || h.startsWith(`${name} `) || h.startsWith(`${name}:`));

describe.each(['photos', 'comments', 'thread', 'templates', 'product-feed', 'videos'])('suites/%s.yaml', (name) => {
  const load = () => loadSuiteFile(join(SUITES_DIR, `${name}.yaml`));

  it('quotes the spec word for word, under a section that exists', async () => {
    const suite = await load();
    const cites = [...suite.rules.flatMap((r) => r.cites), ...(suite.not_checkable ?? []).flatMap((n) => n.cites)];
    expect(cites.filter(({ text }) => !SPEC.includes(text))).toEqual([]);
    const sections = cites.flatMap(({ section }) => section.split(' › '));
    expect(sections.filter((s) => !isHeading(s))).toEqual([]);
  });

  it('never cites a "not shown" statement as a rule', async () => {
    const suite = await load();
    expect(suite.rules.flatMap((r) => r.cites).filter(({ text }) => /not shown/.test(text))).toEqual([]);
  });

  it('names only readings that exist', async () => {
    const suite = await load();
    const named = suite.rules.flatMap((r) => r.readings ?? []);
    expect(named.filter((reading) => !READINGS.includes(`| ${reading} |`))).toEqual([]);
  });
});

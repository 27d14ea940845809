import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuiteFile } from '../../../harness/suite-loading/load-suite.js';
import { SUITES_DIR } from '../../../bin/commands/run.js';
import { SHARED } from '../../helpers/paths.js';

const SPEC = readFileSync(join(SHARED, 'spec', 'social-graph-interface.md'), 'utf8');
const CONTRACT = readFileSync(join(SHARED, 'contract', 'target-contract.md'), 'utf8').replace(/\s+/g, ' ');
const READINGS = readFileSync(join(SHARED, 'spec', 'readings.md'), 'utf8');

describe.each(['authorization', 'versioning', 'errors', 'conventions'])('suites/%s.yaml', (name) => {
  it('quotes the spec (or, where a section says so, the contract) word for word', async () => {
    const suite = await loadSuiteFile(join(SUITES_DIR, `${name}.yaml`));
    const cites = [...suite.rules.flatMap((r) => r.cites), ...(suite.not_checkable ?? []).flatMap((n) => n.cites)];
    const misquoted = cites.filter(({ section, text }) =>
      section.startsWith('Contract') ? !CONTRACT.includes(text) : !SPEC.includes(text),
    );
    expect(misquoted).toEqual([]);
  });

  it('names only readings that exist', async () => {
    const suite = await loadSuiteFile(join(SUITES_DIR, `${name}.yaml`));
    const unknown = suite.rules
      .flatMap((r) => r.readings ?? [])
      .filter((reading) => !READINGS.includes(`| ${reading} |`));
    expect(unknown).toEqual([]);
  });
});

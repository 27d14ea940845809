/**
 * Every generated document of the repository, and how each is made. `npm run regen` (scripts/regen.ts) writes them
 * all; `test/scripts/generated-documents.test.ts` makes the cheap ones again and fails when one differs, and checks
 * the slow ones' shape (the fault matrix's rows are the run's rules, its faults the catalogue's). Each is written
 * from its source, never by hand: the source is named in the document itself.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { REASONS_FILE, SHOWN_SPEC } from '../bin/commands/coverage.js';
import { SPEC_FILE } from '../bin/coverage-files.js';
import { SUITES_DIR } from '../bin/commands/run.js';
import { buildCoverage } from '../harness/coverage/build-coverage.js';
import { formatCoverageMarkdown } from '../harness/coverage/format-coverage-markdown.js';
import { formatCoverageReasons } from '../harness/coverage/format-coverage-reasons.js';
import { loadSuites } from '../harness/suite-loading/load-suite.js';
import { sweepSuiteText } from '../harness/sweep/sweep-suite.js';
import { pagingSuiteText } from '../harness/sweep/paging-suite.js';
import { cassetteStaleness, type ShippedVerdicts } from './cassette-staleness.js';
import { REFERENCE_README, withFaultTable } from './reference-fault-table.js';
import { VOCABULARY_SCHEMA_FILE, vocabularySchema } from './vocabulary-schema.js';

/** A document made in well under a second from what is in the repository; `current` is its text now, if any. */
export interface CheapDocument {
  path: string;
  /** What it is made from, for the stale test's message. */
  from: string;
  render(current: string): Promise<string>;
}

export const CHEAP_DOCUMENTS: readonly CheapDocument[] = [
  // First: the coverage map below counts the rules it holds.
  {
    path: 'suites/sweep.yaml',
    from: "the sweep declarations (suites/sweeps/*.yaml) and the spec's tables",
    render: () => sweepSuiteText(join(SUITES_DIR, 'sweeps'), SPEC_FILE),
  },
  {
    path: 'suites/paging.yaml',
    from: "the paging declarations (suites/paging/*.yaml) and the spec's list edges",
    render: () => pagingSuiteText(join(SUITES_DIR, 'paging'), SPEC_FILE),
  },
  {
    path: VOCABULARY_SCHEMA_FILE,
    from: 'harness/profile/vocabulary.ts',
    render: () => Promise.resolve(vocabularySchema()),
  },
  {
    path: REFERENCE_README,
    from: 'the fault catalogue (reference/fault-catalogue/)',
    render: (current) => Promise.resolve(withFaultTable(current)),
  },
  {
    path: 'docs/coverage-reasons.md',
    from: "the spec, its readings, the suites' not_checkable lists and suites/coverage/reasons.yaml",
    render: async () => formatCoverageReasons(await projectCoverage(), SHOWN_SPEC),
  },
  {
    path: 'docs/spec-coverage.md',
    from: "the spec, the suites' cites and suites/coverage/reasons.yaml (the same as graphcheck coverage --markdown)",
    render: async () => formatCoverageMarkdown(await projectCoverage(), SHOWN_SPEC),
  },
];

let coverage: ReturnType<typeof buildCoverage> | undefined;

/**
 * The project's own coverage map (the spec beside the checkout, its readings, the shipped suites and reasons), as
 * `graphcheck coverage` builds it; built once per process for the two documents drawn from it, after suites/sweep.yaml
 * is made (the documents are rendered in order).
 */
function projectCoverage(): ReturnType<typeof buildCoverage> {
  const files = { spec: SPEC_FILE, readings: join(dirname(SPEC_FILE), 'readings.md'), reasons: REASONS_FILE };
  coverage ??= loadSuites(SUITES_DIR).then((suites) => buildCoverage(files, suites));
  return coverage;
}

/**
 * The documents a full run against the reference makes (minutes to half an hour): docs/fault-matrix.md
 * (scripts/fault-matrix-runs.ts, in part with `--rule` or `--fault`) and the shipped cassette
 * (scripts/record-reference-cassette.ts, whose test repeats it offline and names the suites it was recorded from).
 */
export const SLOW_DOCUMENTS = ['docs/fault-matrix.md', 'cassettes/reference-full-run.yaml.gz', 'cassettes/reference-full-run.verdicts.json'] as const;

/** What the shipped cassette records changed: a recorded rule removed, renamed or sending other requests (cassette-staleness.ts). */
export async function cassetteIsStale(): Promise<boolean> {
  const shipped = JSON.parse(await readFile(SLOW_DOCUMENTS[2], 'utf8')) as ShippedVerdicts;
  return cassetteStaleness(shipped, await loadSuites(SUITES_DIR)).length > 0;
}

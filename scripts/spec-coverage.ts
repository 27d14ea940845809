/**
 * Writes docs/spec-coverage.md: `graphcheck coverage --markdown` over the project's suites and reasons.
 * Run: npm run spec-coverage (after changing a suite's cites, suites/coverage/reasons.yaml or the spec).
 */
import { writeFile } from 'node:fs/promises';
import { coverageCommand, REASONS_FILE } from '../bin/commands/coverage.js';
import { SUITES_DIR } from '../bin/commands/run.js';

let markdown = '';
await coverageCommand({ markdown: true, reasons: REASONS_FILE, suitesDir: SUITES_DIR }, (text) => (markdown += text));
await writeFile('docs/spec-coverage.md', markdown);
process.stdout.write(`wrote docs/spec-coverage.md (${markdown.split('\n').find((l) => l.startsWith('**'))?.replace(/\*/g, '')})\n`);

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coverageCommand, REASONS_FILE } from '../../../bin/commands/coverage.js';
import { SUITES_DIR } from '../../../bin/commands/run.js';

describe('docs/spec-coverage.md', () => {
  it('is what `graphcheck coverage --markdown` prints now (regenerate with `npm run spec-coverage`)', async () => {
    let markdown = '';
    await coverageCommand({ markdown: true, reasons: REASONS_FILE, suitesDir: SUITES_DIR }, (text) => (markdown += text));
    expect(readFileSync('docs/spec-coverage.md', 'utf8') === markdown, 'stale: run npm run spec-coverage').toBe(true);
  });
});

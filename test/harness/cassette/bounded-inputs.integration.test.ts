import { writeFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCommand } from '../../../bin/commands/check.js';
import { SUITES_DIR } from '../../../bin/commands/run.js';
import { PLAIN_HEADER, exchangeWithBody } from '../../helpers/plain-cassette.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('graphcheck-bounded-');
afterAll(() => dir.cleanup());

// In the integration tier, though it opens no socket: `check` loads and validates the whole shipped suites (seconds).
describe('nesting depth of files', () => {
  it('check: an answer nested 16,000 levels deep inside a 32 KB cassette is JSON not judged, never "not JSON" nor a crash', async () => {
    const file = dir.path('deep-body.yml');
    const url = 'http://127.0.0.1:1/v25.0/2000001/feed?access_token=x';
    const exchange = JSON.parse(exchangeWithBody(`${'['.repeat(16000)}${']'.repeat(16000)}`)) as { request: { url: string } };
    exchange.request.url = url;
    await writeFile(file, `--- ${PLAIN_HEADER}\n--- ${JSON.stringify(exchange)}\n`);
    let printed = '';
    const code = await checkCommand({ cassette: file, reportDir: dir.path('deep-body-reports'), suitesDir: SUITES_DIR }, (text) => {
      printed += text;
    });
    expect(printed).not.toContain('not JSON');
    // One exchange no rule judges: the run says so and is not green.
    expect(printed).toMatch(/^NOTHING JUDGED: 0 passed, 0 failed, 0 warned, \d+ skipped, 0 error/m);
    expect(code).toBe(3);
  });
});

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserInputError } from '../../../harness/errors.js';
import { loadSuiteFile } from '../../../harness/suite-loading/load-suite.js';
import type { Suite } from '../../../harness/suite/suite.js';
import { SUITES_DIR } from '../../../harness/suite/suites-dir.js';
import { runWebhookTest } from '../../helpers/webhook-test.js';

// Options refused before anything is sent; webhook-test against callbacks that answer is
// webhook-test.integration.test.ts.
let suites: Suite[];
beforeAll(async () => {
  suites = [await loadSuiteFile(join(SUITES_DIR, 'webhook-test.yaml'))];
});

describe('webhook-test', () => {
  it('refuses bad options as user errors before sending anything', async () => {
    const base = { verifyToken: 't', appSecret: 's', suites };
    await expect(runWebhookTest({ ...base, callback: 'ftp://x/y' })).rejects.toBeInstanceOf(UserInputError);
    await expect(
      runWebhookTest({ ...base, callback: 'http://127.0.0.1:1/', rules: ['nope'] }),
    ).rejects.toMatchObject({
      code: 'USAGE',
      message: expect.stringContaining('webhook-test.callback-https'),
    });
  });
});

import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../../harness/model/index.js';
import { runCli } from '../../helpers/cli.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/** Each rule's passive block, and the reference fault whose recorded traffic it must flag. */
const FAULT_OF: Record<string, string> = {
  'authorization.code-single-use': 'auth-code-reusable',
  'webhooks.notification-signed': 'webhooks-wrong-signature-key',
  'webhooks.notification-envelope': 'webhooks-time-not-seconds',
  'photos.post-two-image-sources-refused': 'photos-two-sources-accepted',
  'photos.provenance-info-required-fields': 'photos-params-unchecked',
  'templates.body-needs-text': 'templates-body-text-optional',
  'templates.component-and-button-type-outside-enum-refused': 'templates-component-type-unchecked',
  'product-feed.high-priority-fatal-only': 'product-feed-priority-ignored',
  'comments.total-count-counts-by-filter': 'comments-stream-count-toplevel',
  'subscriptions.plain-http-refused': 'subscriptions-http-accepted',
  'subscriptions.subscribed-apps-success-shape': 'subscriptions-subscribed-apps-shape',
};
const RULES = Object.keys(FAULT_OF);

let dir: string;
beforeAll(async () => {
  dir = tempFolder('graphcheck-passive-');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Records a run of the rules against the reference (with faults), then judges the cassette passively. */
async function recordAndCheck(name: string, faults: string[]): Promise<Record<string, string>> {
  const cassette = join(dir, `${name}.yaml`);
  const faultArgs = faults.length ? ['--fault', ...faults] : [];
  const recording = ['--record', cassette, '--report-dir', join(dir, `${name}-run`)];
  const run = await runCli(['run', '--seed', '5', '--runs', '2', '--rule', ...RULES, ...faultArgs, ...recording]);
  expect(run.code, run.stderr).toBe(faults.length ? 1 : 0);
  const reports = join(dir, `${name}-check`);
  const check = await runCli(['check', '--cassette', cassette, '--rule', ...RULES, '--report-dir', reports]);
  expect(check.stderr).toBe('');
  const result = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')) as RunResult;
  return Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
}

describe.concurrent('passive blocks over traffic recorded from the reference', () => {
  it('pass every rule on the traffic of a correct target', async () => {
    const verdicts = await recordAndCheck('good', []);
    for (const rule of RULES) expect([rule, verdicts[rule]]).toEqual([rule, 'passed']);
  });

  it('flag each fault from its recorded traffic alone: a reused code, a bad signature, refusals not made', async () => {
    const verdicts = await recordAndCheck('faulty', [...new Set(Object.values(FAULT_OF))]);
    for (const rule of RULES) expect([rule, verdicts[rule]]).toEqual([rule, 'failed']);
  });
});

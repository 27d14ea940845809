import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { tempDir } from '../../helpers/temp-dir.js';

interface Report {
  results: Array<{ rule: string; verdict: string; reason?: string; findings?: Array<{ message: string }> }>;
}

const dir = tempDir();
afterAll(() => dir.cleanup());

async function report(folder: string): Promise<Report> {
  return JSON.parse(await readFile(join(folder, 'report.json'), 'utf8')) as Report;
}

/** `run --record` against the embedded reference with fault switches on, then `check` over what it recorded. */
async function recordThenCheck(name: string, rules: string[], faults: string[], seed = 7): Promise<{ live: Report; checked: Report; stdout: string }> {
  const cassette = dir.path(`${name}.yaml`);
  const args = ['--seed', String(seed), '--rule', rules.join(','), ...(faults.length > 0 ? ['--fault', faults.join(',')] : [])];
  const recorded = await runCli(['run', ...args, '--record', cassette, '--quiet', '--report-dir', dir.path(`${name}-live`)]);
  expect(recorded.stderr).toBe('');
  const checked = await runCli(['check', '--cassette', cassette, '--report-dir', dir.path(`${name}-check`)]);
  expect(checked.stderr).toBe('');
  expect(checked.code).toBe(faults.length > 0 ? 1 : 0);
  return { live: await report(dir.path(`${name}-live`)), checked: await report(dir.path(`${name}-check`)), stdout: checked.stdout };
}

const verdictOf = (r: Report, rule: string) => r.results.find((x) => x.rule === rule);

describe('check over a cassette recorded from the reference with faults', () => {
  it('reports a feed walk that repeats a post across pages and a wrong error code as failed', async () => {
    const rules = ['feed.get-walk-each-post-once', 'errors.100-feed-limit-over-100'];
    const { checked, stdout } = await recordThenCheck('paging-and-code', rules, ['feed-paging-repeats', 'feed-wrong-error-code']);
    const walk = verdictOf(checked, 'feed.get-walk-each-post-once')!;
    expect(walk.verdict).toBe('failed');
    expect(walk.findings?.[0]?.message).toMatch(/^item \S+ appears again \(first on page \d+, again on page \d+\)$/);
    const code = verdictOf(checked, 'errors.100-feed-limit-over-100')!;
    expect(code.verdict).toBe('failed');
    expect(code.findings?.[0]?.message).toBe('error code is 1, expected 100');
    // The console says what the traffic judged, and why each of the rules it did not judge was not.
    expect(stdout).toMatch(/^judged from this traffic: \d+ of \d+ rules$/m);
    expect(stdout).toMatch(/^not judged, with a passive form \(\d+\):\n +\d+ found no recorded exchange they apply to$/m);
    expect(stdout).toMatch(/^not judged, no passive form: recorded traffic cannot show what they state \(\d+\):$/m);
    // Every service rule without a passive form says why (suites/passive/reasons.yaml).
    expect(stdout).not.toMatch(/give no reason/);
    expect(stdout).toMatch(/^ +\d+ turn on the token's kind, permissions or issue \(a recording shows a placeholder\)$/m);
  });

  // Each passive form against the fault switch that breaks its rule, recorded in one run (the faults touch
  // different parameters of different operations): each rule the run failed, check fails from the recording alone.
  const BROKEN: Record<string, string> = {
    'feed.schedule-too-soon-refused': 'feed-schedule-window-too-wide',
    'feed.schedule-too-late-refused': 'feed-schedule-window-too-wide',
    'authorization.code-expires-after-the-hour': 'auth-code-never-expires',
    'feed.child-attachments-default-1-or-over-10-refused': 'feed-child-attachments-unbounded',
    'feed.child-attachments-not-optimized-1-or-over-5-refused': 'feed-child-attachments-unbounded',
    'feed.child-attachment-without-picture-refused': 'feed-child-attachment-fields-optional',
    'feed.feed-targeting-age-max-over-65-refused': 'feed-age-max-over-65-accepted',
    'feed.feed-targeting-age-min-under-13-refused': 'feed-age-min-under-13-accepted',
    'feed.targeting-age-min-other-values-refused': 'feed-targeting-age-min-any',
    'feed.post-malformed-actions-refused': 'feed-actions-unchecked',
    'feed.backdated-granularity-outside-refused': 'feed-granularity-unchecked',
    'feed.feed-targeting-values-outside-refused': 'feed-targeting-lists-unchecked',
    'feed.post-wrong-types-refused': 'feed-wrong-types-accepted',
    'feed.multi-share-end-card-boolean': 'feed-multi-share-end-card-unchecked',
    'photos.targeting-wrong-shapes-refused': 'photos-targeting-shapes-unchecked',
    'photos.post-wrong-types-refused': 'photos-param-types-unchecked',
    'photos.get-filter-ids-must-be-integers': 'photos-read-filters-unchecked',
    'photos.application-id-empty-refused': 'photos-application-id-empty-accepted',
    'photos.spherical-metadata-wrong-types-refused': 'photos-spherical-types-unchecked',
    'photos.edge-put-delete-unsupported': 'photos-edge-put-delete-accepted',
    'photos.get-type-outside-enum-refused': 'photos-type-wrong-code',
    'errors.100-photos-read-type': 'photos-type-wrong-code',
    'errors.324-photo-create-without-image': 'photos-missing-file-wrong-code',
    'photos.post-without-image-source-refused': 'photos-missing-file-wrong-code',
    'comments.filter-outside-enum-refused': 'comments-invalid-param-code-1',
    'comments.listed-can-comment-boolean': 'comments-listed-can-comment-string',
    'comments.post-needs-page-token': 'comments-post-token-unchecked',
    'product-feed.priority-outside-enum-refused': 'product-feed-priority-wrong-code',
    'errors.100-product-feed-errors-priority': 'product-feed-priority-wrong-code',
    'product-feed.after-cursor-gives-next-page': 'product-feed-after-cursor-wrong',
    'templates.delete-hsm-id-needs-name': 'templates-hsm-id-alone-accepted',
    'errors.100-template-delete-hsm-ids': 'templates-hsm-ids-unchecked',
    'errors.192-template-create-phone-number': 'templates-phone-number-wrong-code',
    'errors.131009-template-create-category': 'templates-refusal-wrong-code',
    'errors.131009-template-create-component-type': 'templates-refusal-wrong-code',
    'templates.create-parameter-types-refused': 'templates-field-types-unchecked',
    'templates.component-field-types-refused': 'templates-field-types-unchecked',
    'templates.button-field-types-refused': 'templates-field-types-unchecked',
    'templates.create-category-as-sent': 'templates-recategorised',
    'subscriptions.include-values-wrong-type-refused': 'subscriptions-include-values-unchecked',
    'subscriptions.delete-object-outside-enum-refused': 'subscriptions-delete-object-unchecked',
    'subscriptions.imgnet-and-msgapp-objects-refused': 'subscriptions-imgnet-msgapp-accepted',
    'conventions.access-token-parameter': 'tokens-missing-served',
    'authorization.window-write-methods-unsupported': 'auth-window-write-methods-served',
    'versioning.latest-is-v25': 'versioning-latest-v26',
  };

  it('fails every new passive form from the recording of a run its own fault switch failed', async () => {
    const rules = Object.keys(BROKEN);
    const { live, checked } = await recordThenCheck('matrix', rules, [...new Set(Object.values(BROKEN))]);
    const notFailed = rules.filter((rule) => verdictOf(live, rule)?.verdict === 'failed' && verdictOf(checked, rule)?.verdict !== 'failed');
    expect(notFailed.map((rule) => `${rule}: ${verdictOf(checked, rule)?.reason ?? 'not judged'}`)).toEqual([]);
    // The run itself failed them all (so the recording holds what breaks each).
    expect(rules.filter((rule) => verdictOf(live, rule)?.verdict !== 'failed')).toEqual([]);
  });

  // The control: the same rules recorded without faults. A passive form that fails whatever it reads would
  // pass the two tests above; here nothing fails, and the walk and the code are judged and pass.
  it('fails none of these rules on a recording of the same run without faults', async () => {
    const walkAndCode = ['feed.get-walk-each-post-once', 'errors.100-feed-limit-over-100'];
    const rules = [...walkAndCode, ...Object.keys(BROKEN)];
    const { live, checked } = await recordThenCheck('clean', rules, []);
    expect(live.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error')).toEqual([]);
    expect(checked.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error')).toEqual([]);
    expect(walkAndCode.map((rule) => `${rule}: ${verdictOf(checked, rule)?.verdict}`)).toEqual(walkAndCode.map((rule) => `${rule}: passed`));
  });
});

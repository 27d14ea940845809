import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReference } from '../../reference/index.js';
import { runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

interface Report {
  seed: number;
  results: { rule: string; verdict: string; counterexample?: unknown }[];
}

async function report(dir: string): Promise<Report> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
}

const outcome = (r: Report) => r.results.map(({ rule, verdict, counterexample }) => ({ rule, verdict, counterexample }));

describe('run --record, then run --cassette offline', () => {
  it('reaches the same verdicts and counterexamples with no target at all', async () => {
    const dir = tempFolder('graphcheck-recorded-');
    const cassette = join(dir, 'run.yaml');
    const live = join(dir, 'live');
    const offline = join(dir, 'offline');
    const args = ['--suite', 'feed', '--seed', '5', '--runs', '4', '--fault', 'feed-limit-not-capped,feed-paging-skips'];
    const recorded = await runCli(['run', ...args, '--record', cassette, '--report-dir', live]);
    expect(recorded.code).toBe(1);
    // `--secrets any` matches by where the secrets stood: the repeat sends the same requests, so nothing changes.
    const replayed = await runCli(['run', '--cassette', cassette, '--secrets', 'any', '--report-dir', offline]);
    expect(replayed.stderr).toBe('');
    expect(replayed.code).toBe(1);
    const [a, b] = [await report(live), await report(offline)];
    expect(b.seed).toBe(5);
    expect(outcome(b)).toEqual(outcome(a));
    expect(a.results.filter((r) => r.verdict === 'failed').length).toBeGreaterThanOrEqual(2);

    // A flag the recording fixes is refused from the run document alone, before any exchange is read: an exchange
    // broken before it is not reached (without the flag, the repeat reads it and stops there).
    const lines = (await readFile(cassette, 'utf8')).split('\n');
    const exchangeLine = lines.findIndex((line, i) => i > 2 && lines[i - 1]!.startsWith('---') && line.startsWith('{"kind":'));
    lines[exchangeLine] = '{"kind":"api","request":"not a request"}';
    await writeFile(cassette, lines.join('\n'));
    const refused = await runCli(['run', '--cassette', cassette, '--seed', '6', '--report-dir', join(dir, 'refused')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^graphcheck: --seed 6: .* was recorded with --seed 5; drop --seed\n$/);
    const broken = await runCli(['run', '--cassette', cassette, '--report-dir', join(dir, 'broken')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(new RegExp(`:${exchangeLine}: exchange 0: `));
  });

  it('repeats webhook rules offline from the recorded deliveries, failures included', async () => {
    const dir = tempFolder('graphcheck-recorded-');
    const cassette = join(dir, 'hooks.yaml');
    const faults = 'webhooks-wrong-signature-key,webhooks-no-immediate-retry,subscriptions-wrong-challenge-accepted';
    // The rules the three switches fail, and two they leave passing: every webhook rule repeated offline from a
    // correct run is the shipped cassette's test (test/cassettes/).
    const rules = 'webhooks.notification-*,webhooks.retry-immediately,subscriptions.*challenge*';
    const args = ['--rule', rules, '--seed', '11', '--runs', '2', '--fault', faults];
    const recorded = await runCli(['run', ...args, '--record', cassette, '--report-dir', join(dir, 'live')]);
    expect(recorded.code).toBe(1);
    const replayed = await runCli(['run', '--cassette', cassette, '--report-dir', join(dir, 'offline')]);
    expect(replayed.stderr).toBe('');
    const [a, b] = [await report(join(dir, 'live')), await report(join(dir, 'offline'))];
    expect(outcome(b)).toEqual(outcome(a));
    const failed = a.results.filter((r) => r.verdict === 'failed').map((r) => r.rule);
    expect(failed).toEqual(expect.arrayContaining(['webhooks.notification-signed', 'subscriptions.wrong-challenge-refused', 'webhooks.retry-immediately']));
    expect(a.results.filter((r) => r.verdict === 'passed').length).toBeGreaterThan(0);
    const text = await readFile(cassette, 'utf8');
    expect(text).toMatch(/"kind":"webhook-notification"/);
    expect(text).toMatch(/"kind":"webhook-verification"/);
  });

  it('keeps no token, app secret, client secret or code in the cassette, and still repeats the run', async () => {
    const dir = tempFolder('graphcheck-recorded-');
    const cassette = join(dir, 'run.yaml');
    const reference = await startReference();
    const profile = reference.profile as { app: { secret: string; access_token: string }; tokens: Record<string, string> };
    await reference.close();
    const rules = ['--rule', 'feed.get-*', '--rule', 'authorization.code-*', '--rule', 'authorization.issued-token-is-valid'];
    const live = await runCli(['run', ...rules, '--runs', '2', '--seed', '3', '--record', cassette, '--report-dir', join(dir, 'r')]);
    expect(live.code).toBe(0);
    const text = await readFile(cassette, 'utf8');
    // The embedded reference's tokens and app secret are fixed per process start; codes and issued tokens are new.
    for (const secret of [profile.app.secret, profile.app.access_token, ...Object.values(profile.tokens)]) {
      expect(text.includes(secret), `cassette contains ${secret}`).toBe(false);
      expect(text.includes(encodeURIComponent(secret)), `cassette contains ${secret} URL-encoded`).toBe(false);
    }
    expect(text).not.toMatch(/[?&]code=(?!redacted-code-)/);
    expect(text).not.toMatch(/client_secret=(?!redacted-)/);
    expect(text).not.toMatch(/\\"access_token\\":\\"(?!redacted-)/);
    expect(text).toMatch(/redacted-code-1/);
    expect(text).toMatch(/\\"access_token\\":\\"redacted-access_token-/);
    const offline = await runCli(['run', '--cassette', cassette, '--report-dir', join(dir, 'o')]);
    expect(offline.code).toBe(0);
    expect(outcome(await report(join(dir, 'o')))).toEqual(outcome(await report(join(dir, 'r'))));
  });
});

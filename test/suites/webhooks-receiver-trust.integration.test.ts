import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { caCommand } from '../../bin/commands/ca.js';
import type { Profile } from '../../harness/profile/profile.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { resultOf, runWebhookSuites } from '../helpers/run-webhook-suites.js';
import { tempFolder } from '../helpers/temp-dir.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function caDir(): Promise<string> {
  const dir = tempFolder('graphcheck-h7-ca-');
  dirs.push(dir);
  await caCommand({ out: dir, withKey: true });
  return dir;
}

/** A target configured by hand: it serves the control protocol but not `trust`. */
const withoutTrust = (profile: Profile): Profile => ({
  ...profile,
  capabilities: profile.capabilities.filter((c) => c !== 'trust'),
});

const rules = ['subscriptions.post-verifies-callback', 'webhooks.every-update-delivered', 'subscriptions.subscribed-apps-success-shape'];

describe('a target without the trust capability', () => {
  it('skips every rule that needs a receiver, saying how to configure one; the others still run', async () => {
    const result = await runWebhookSuites({ rules, profile: withoutTrust });
    for (const rule of rules.slice(0, 2)) {
      const skipped = resultOf(result, rule);
      expect(skipped.verdict).toBe('skipped');
      expect(skipped.reason).toMatch(/"trust".*graphcheck ca --out DIR --with-key.*--ca-dir DIR/);
    }
    expect(resultOf(result, 'subscriptions.subscribed-apps-success-shape').verdict).toBe('passed');
  });

  it('runs them with --ca-dir once the target trusts that CA', async () => {
    const dir = await caDir();
    const caPem = await readFile(join(dir, 'ca.pem'), 'utf8');
    const result = await runWebhookSuites({
      rules,
      profile: withoutTrust,
      caDir: dir,
      // What an operator does by hand for a real target; here through the reference's own control endpoint.
      before: async (reference) => {
        const answer = await fetch(`${reference.controlUrl}/trust`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ca_pem: caPem }),
        });
        expect(answer.status).toBe(200);
      },
    });
    expect(result.results.map((r) => `${r.rule}: ${r.verdict} ${r.reason ?? ""}`).sort()).toEqual(rules.map((r) => `${r}: passed `).sort());
  });

  it('refuses a --ca-dir without the CA files as a user error (exit 2, no stack trace)', async () => {
    const dir = tempFolder('graphcheck-h7-empty-');
    dirs.push(dir);
    const outcome = await runCli(['run', '--suite', 'subscriptions', '--ca-dir', dir, '--report-dir', join(dir, 'reports')]);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/ca(-key)?\.pem: not found; create the CA with graphcheck ca --out \S+/);
    expect(hasStackTrace(outcome.stderr)).toBe(false);
  });
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../../harness/request-building/build-request.js';
import { openRun } from '../../../../harness/target/open-run.js';
import { runSuites } from '../../../../harness/engine/run-suites.js';
import { stepKinds, withStepKinds } from '../../../../harness/engine/steps/registry.js';
import type { StepKind } from '../../../../harness/engine/steps/step-kind.js';
import { UserInputError } from '../../../../harness/errors.js';
import { validateProfile } from '../../../../harness/profile/load-profile.js';
import { loadSuiteFile } from '../../../../harness/suite-loading/load-suite.js';
import { evaluate } from '../../../../harness/suite/template.js';
import { INTEGER, object, STRING } from '../../../../harness/validation/json-schema.js';
import { startReference } from '../../../../reference/index.js';
import { tempFolder } from '../../../helpers/temp-dir.js';

/** A step kind written for this test alone: one page of the fixture Page's feed. */
const readFeed: StepKind<{ limit: unknown; token?: string }> = {
  name: 'read-feed',
  side: 'target',
  explain: (b) => `read ${String(b.limit)} posts of the Page's feed`,
  body: object({ limit: INTEGER, token: STRING }, ['limit']),
  needs: (b) => ({ tokens: [b.token ?? 'page'] }),
  control: { expect: ['ok'] },
  run: async ({ body, scope, target, keep }) => {
    const path = `/${target.profile.fixtures.page_id}/feed`;
    const limit = evaluate(body.limit, scope);
    keep(await target.client.send(buildRequest({ method: 'GET', path, query: { limit }, token: body.token ?? 'page' }, scope, target)));
  },
};

// The one declaration: nothing else in graphcheck is told about the new kind. Suites using it are loaded and run
// within `withStepKinds`, which hands it to that call alone.
const withReadFeed = <T>(call: () => Promise<T>) => withStepKinds([readFeed], call);

const suite = (steps: string) => `suite: demo
title: Demo
rules:
  - id: demo.read
    title: Read
    strength: MUST
    cites: [{ section: S, text: "a sentence" }]
    given:
      over: { integer: { min: 101, max: 1000 } }
    runs: 3
    steps:
${steps}
  - id: demo.needs
    title: Needs
    strength: MUST
    cites: [{ section: S, text: "a sentence" }]
    steps:
      - read-feed: { limit: 1, token: user }
        expect: [ok]
`;

async function write(text: string): Promise<string> {
  const file = join(tempFolder('gc-kind-'), 'demo.yaml');
  await writeFile(file, text);
  return file;
}

describe('a step kind added by one registration', () => {
  it('is in the suite schema, validated, runs with its control, and says what it needs', () => withReadFeed(async () => {
    const file = await write(
      suite(`      - read-feed: { limit: 3 }
        expect: [ok, { field: { path: data.length, lte: 3 } }]
      - read-feed: { limit: "{{given.over}}" }
        control: { with: { limit: 100 } }
        expect: [{ error: { message_contains: "100" } }]`),
    );
    const loaded = await loadSuiteFile(file);
    const reference = await startReference();
    try {
      const { user: _user, ...tokens } = (reference.profile as { tokens: Record<string, string> }).tokens;
      const profile = validateProfile({ ...reference.profile, tokens }, 'reference without a user token');
      const run = await openRun({ profile, timeoutMs: 10_000, seed: 1, runs: 3, versionPrefix: 'latest' });
      try {
        const result = await runSuites([loaded], {}, run.ctx);
        const [read, needs] = result.results;
        expect(read!.verdict).toBe('passed');
        expect(read!.judged).toBeGreaterThanOrEqual(6);
        expect(read!.evidence).toEqual([]);
        expect(needs!.verdict).toBe('skipped');
        expect(needs!.reason).toBe('the profile has no tokens.user');
      } finally {
        await run.close();
      }
    } finally {
      await reference.close();
    }
  }));

  it('has its body checked at load: a typo names file, line and the allowed keys', async () => {
    const file = await write(suite('      - read-feed: { limt: 3 }\n        expect: [ok]'));
    const error = await withReadFeed(() => loadSuiteFile(file)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as Error).message).toMatch(/demo\.yaml:12: \/rules\/0\/steps\/0\/read-feed\/limt unknown key "limt"; allowed: limit, token$/);
  });

  it('is known to no call outside withStepKinds, which cannot declare a shipped kind again', async () => {
    expect(stepKinds().has('read-feed')).toBe(false);
    const file = await write(suite('      - read-feed: { limit: 3 }\n        expect: [ok]'));
    expect((await loadSuiteFile(file).catch((e: unknown) => e) as Error).message).toMatch(/unknown step kind or key "read-feed"/);
    expect(() => withStepKinds([{ ...readFeed, name: 'request' } as StepKind], () => 0)).toThrow(/step kind request is declared twice/);
  });
});

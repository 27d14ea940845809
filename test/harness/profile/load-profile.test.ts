import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserInputError } from '../../../harness/errors.js';
import { loadProfileFile } from '../../../harness/profile/load-profile.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const VALID = `contract: 1
base_url: http://127.0.0.1:8080
versions:
  latest: v25.0
  usable: [v24.0, v25.0]
app:
  id: "1000001"
  secret: \${GC_TEST_SECRET}
tokens:
  page: page-token
fixtures:
  page_id: "2000001"
`;

async function write(text: string): Promise<string> {
  const file = join(tempFolder('gc-profile-'), 'target.yaml');
  await writeFile(file, text);
  return file;
}

async function problem(text: string, env: NodeJS.ProcessEnv = { GC_TEST_SECRET: 's' }): Promise<UserInputError> {
  const error = await loadProfileFile(await write(text), env).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UserInputError);
  return error as UserInputError;
}

describe('loading a profile', () => {
  it('interpolates ${ENV} and fills the contract defaults', async () => {
    const profile = await loadProfileFile(await write(VALID), { GC_TEST_SECRET: 'from-env' });
    expect(profile.app.secret).toBe('from-env');
    expect(profile.auth_url).toBe('http://127.0.0.1:8080');
    expect(profile.errors.code).toBe('error.code');
    expect(profile.auth.token_endpoint).toEqual({ method: 'GET', path: '/oauth/access_token' });
    expect(profile.webhooks.receiver_host).toBe('127.0.0.1');
  });

  it('rejects an unknown key with its path and line', async () => {
    const error = await problem(VALID.replace('  page: page-token', '  page: page-token\n  pgae_no_moderate: x'));
    expect(error.code).toBe('PROFILE_INVALID');
    expect(error.message).toMatch(/target\.yaml:11: \/tokens\/pgae_no_moderate unknown key "pgae_no_moderate"/);
  });

  it('names a missing environment variable and where it is used', async () => {
    const error = await problem(VALID, {});
    expect(error.message).toMatch(/\/app\/secret uses \$\{GC_TEST_SECRET\}.*not set/);
  });

  it('reports YAML syntax errors with a line', async () => {
    const error = await problem(`${VALID}versions: [oops\n`);
    expect(error.message).toMatch(/target\.yaml:\d+: not valid YAML.*; fix the profile there$/);
  });

  it('says which contract number it reads', async () => {
    const error = await problem(VALID.replace(/^contract: 1$/m, 'contract: 2'));
    expect(error.message).toMatch(/target\.yaml:1: \/contract must be 1 \(see contract §1\)/);
  });

  it('rejects a wrong version string with a reference to the contract', async () => {
    const error = await problem(VALID.replace('latest: v25.0', 'latest: 25'));
    expect(error.message).toMatch(/:4: \/versions\/latest must be string/);
  });

  it('takes a profile of contract and base_url alone: every other part is optional (contract §1)', async () => {
    const profile = await loadProfileFile(await write('contract: 1\nbase_url: http://127.0.0.1:8080\ntokens: { page: p }\nfixtures: { page_id: "1" }\n'));
    expect(profile.versions).toEqual({ expired: [] });
    expect(profile.app).toEqual({ redirect_uris: [] });
    expect(profile.capabilities).toEqual([]);
  });

  it('reports every problem at once, one line each with its line and fix, in the order of the file', async () => {
    const text = `contract: 2
tokens:
  page: \${GC_UNSET_TOKEN}
  pgae: x
versions:
  latest: 25
app:
  secret: \${GC_UNSET_SECRET}
`;
    const lines = (await problem(text, {})).message.split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/target\.yaml:1: \/ has no base_url: add it \(see contract §1\)$/),
      expect.stringMatching(/target\.yaml:1: \/contract must be 1 \(see contract §1\)$/),
      expect.stringMatching(/target\.yaml:3: \/tokens\/page uses \$\{GC_UNSET_TOKEN\} but the environment variable GC_UNSET_TOKEN is not set; export it or write the value$/),
      expect.stringMatching(/target\.yaml:4: \/tokens\/pgae unknown key "pgae"; allowed: .*: remove it or correct its name/),
      expect.stringMatching(/target\.yaml:6: \/versions\/latest must be string/),
      expect.stringMatching(/target\.yaml:8: \/app\/secret uses \$\{GC_UNSET_SECRET\}/),
    ]);
  });

  it('lists twenty problems and counts the rest', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `  typo_${i}: x`).join('\n');
    const lines = (await problem(`contract: 1\nbase_url: http://127.0.0.1:8080\ntokens:\n${keys}\n`)).message.split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[0]).toMatch(/target\.yaml:4: \/tokens\/typo_0 unknown key/);
    expect(lines[20]).toMatch(/target\.yaml: and 10 more problems; fix those above first$/);
  });

    it('refuses a file that does not exist', async () => {
    const error = await loadProfileFile('/nonexistent/target.yaml').catch((e: unknown) => e);
    expect((error as UserInputError).code).toBe('FILE_NOT_FOUND');
  });
});

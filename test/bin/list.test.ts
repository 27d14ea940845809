import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

// A suite folder of someone else's whose sweep case names a terminal would obey and lines a CI log would.
const HOSTILE_SUITE = `suite: evil
title: evil
rules:
  - id: evil.cases
    title: evil cases
    strength: MUST
    cites:
      - section: Endpoints › Page feed
        text: "Both published and unpublished posts are returned."
    steps:
      - cases:
          base: { method: GET, path: "/{{fixtures.page_id}}/feed" }
          groups:
            - cases:
                - name: "\\e]0;owned\\a\\e[2Jcase \\u202Eturned"
                  why: "\\nFAIL everything\\n::error::x"
                  with: { query: { limit: 5 } }
        expect: [ok]
`;

describe('graphcheck list', () => {
  const dir = tempDir('graphcheck-list-');
  afterAll(() => dir.cleanup());

  it("--verbose shows a suite folder's text inert: no escape sequence, bidi override or look-alike line reaches the terminal", async () => {
    mkdirSync(dir.path('suites'));
    writeFileSync(dir.path('suites/evil.yaml'), HOSTILE_SUITE);
    const out = await runCli(['list', '--suites-dir', dir.path('suites'), '--verbose']);
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(out.stdout).toContain('case \\x1b]0;owned\\x07\\x1b[2Jcase \\u202eturned');
    expect(out.stdout).not.toMatch(/^(FAIL |::)/m);
  });
});

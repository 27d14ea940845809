import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleResult, RunResult } from '../../../../harness/model/index.js';
import { runAgainstReference } from '../../../helpers/run-reference.js';
import { tempFolder } from '../../../helpers/temp-dir.js';

// The heading override's range, 0 to 360, swept: both bounds accepted, one past each refused, with one control.
const SUITE = `suite: demo
title: Demo
rules:
  - id: demo.heading
    title: Heading bounds
    strength: MUST
    origin: sweep
    cites: [{ section: Endpoints › Page photos, text: "0 to 360" }]
    steps:
      - cases:
          base: { method: POST, path: "/{{fixtures.page_id}}/photos", form: { url: "{{host.png}}", published: false } }
          groups:
            - with: { form: { initial_view_heading_override_degrees: 180 } }
              cases:
                - { name: heading=0, with: { form: { initial_view_heading_override_degrees: 0 } }, expect: [ok], why: the lower bound }
                - { name: heading=360, with: { form: { initial_view_heading_override_degrees: 360 } }, expect: [ok], why: the upper bound }
                - { name: heading=-1, with: { form: { initial_view_heading_override_degrees: -1 } }, why: one below }
                - { name: heading=361, with: { form: { initial_view_heading_override_degrees: 361 } }, why: one above }
        expect: [{ error: { code: 100 } }]
  - id: demo.tokens
    title: Tokens
    strength: MUST
    origin: sweep
    cites: [{ section: What the service does, text: "Requests carry an access token" }]
    steps:
      - cases:
          base: { method: GET, path: "/{{fixtures.page_id}}/photos", token: page }
          groups:
            - cases:
                - { name: no token, with: { token: none } }
                - { name: never-issued token, with: { token: unissued }, expect: [{ error: { code: 190 } }] }
        expect: [error]
  - id: demo.delete-last
    title: A DELETE's cases go before its control, which would remove what they act on
    strength: MUST
    origin: sweep
    cites: [{ section: What the service does, text: "Requests carry an access token" }]
    steps:
      - request:
          method: POST
          path: "/{{fixtures.msgapp_business_account_id}}/message_templates"
          token: msgapp
          form: { name: "demo_{{unique}}", language: en_US, category: UTILITY, components: [{ type: BODY, text: Shipped. }] }
        expect: [ok]
      - cases:
          base: { method: DELETE, path: "/{{fixtures.msgapp_business_account_id}}/message_templates", query: { name: "demo_{{unique}}" }, token: msgapp }
          groups:
            - control: last
              cases:
                - { name: no token, with: { token: none } }
        expect: [error]
  - id: demo.control-refused
    title: A group whose control is refused judges nothing
    strength: MUST
    cites: [{ section: Endpoints › Page photos, text: "enum" }]
    steps:
      - cases:
          base: { method: GET, path: "/{{fixtures.page_id}}/photos" }
          groups:
            - with: { query: { type: not-a-type } }
              cases:
                - { name: type=profil, with: { query: { type: profil } } }
        expect: [{ error: { code: 100 } }]
`;

let dir: string;
beforeAll(async () => {
  dir = tempFolder('gc-cases-');
  await writeFile(join(dir, 'demo.yaml'), SUITE);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const byRule = (result: RunResult) => Object.fromEntries(result.results.map((r) => [r.rule, r])) as Record<string, RuleResult>;

describe('a cases: step sends its control once and judges each case with its own expectations', () => {
  it('passes on the reference, each case judged', async () => {
    const result = byRule(await runAgainstReference({ suitesDir: dir, seed: 3 }));
    const { 'demo.heading': heading, 'demo.tokens': tokens, 'demo.delete-last': deleting } = result;
    expect([heading!.verdict, tokens!.verdict]).toEqual(['passed', 'passed']);
    expect(heading!.judged).toBe(4);
    expect(tokens!.judged).toBe(2);
    // The setup's create (judged ok) and the one case, judged next to its control sent after it.
    expect([deleting!.verdict, deleting!.judged]).toEqual(['passed', 2]);
  }, 60_000);

  it('judges no refusal of a group whose positive control is refused too (R51): the rule is error', async () => {
    const { 'demo.control-refused': refused } = byRule(await runAgainstReference({ suitesDir: dir, seed: 3, rules: ['demo.control-refused'] }));
    expect(refused!.verdict).toBe('error');
    expect(refused!.reason).toContain('case type=profil: the target refuses the valid request too (R51): the positive control GET');
  }, 60_000);

  it('names the case that broke the rule, and sends one positive control for all the cases', async () => {
    const result = byRule(await runAgainstReference({ suitesDir: dir, seed: 3, faults: ['photos-params-unchecked', 'tokens-unknown-accepted'] }));
    const heading = result['demo.heading']!;
    expect(heading.verdict).toBe('failed');
    expect(heading.findings.map((f) => f.message.split(':')[0])).toEqual(['case heading=-1 (one below)', 'case heading=361 (one above)']);
    expect(heading.evidence.map((e) => e.role ?? 'case')).toEqual(['positive-control', 'case', 'case', 'case', 'case']);
    expect(heading.findings.map((f) => f.exchange)).toEqual([3, 4]);
    const tokens = result['demo.tokens']!;
    expect(tokens.verdict).toBe('failed');
    expect(tokens.findings.map((f) => f.message.split(':')[0])).toEqual(['case never-issued token']);
  }, 60_000);

  it('with control: last, sends the control after the cases, so a DELETE not checking its token is caught', async () => {
    const result = byRule(await runAgainstReference({ suitesDir: dir, seed: 3, rules: ['demo.delete-last'], faults: ['templates-read-without-token'] }));
    const deleting = result['demo.delete-last']!;
    expect(deleting.verdict).toBe('failed');
    expect(deleting.findings.map((f) => f.message.split(':')[0])).toEqual(['case no token']);
    // The create of the setup, the case (which deleted the template), then the control (which found none).
    expect(deleting.evidence.map((e) => e.role ?? 'step')).toEqual(['step', 'step', 'positive-control']);
  }, 60_000);
});

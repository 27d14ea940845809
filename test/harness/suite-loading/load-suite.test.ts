import { describe, expect, it } from 'vitest';
import { SUITES_DIR } from '../../../bin/commands/run.js';
import { loadSuites } from '../../../harness/suite-loading/load-suite.js';
import { DEMO_SUITE, loadSuiteText, suiteError } from '../../helpers/demo-suite.js';

async function problem(text: string): Promise<string> {
  return (await suiteError(text)).message;
}

describe('loading suites', () => {
  it('loads every shipped suite', async () => {
    const suites = await loadSuites(SUITES_DIR);
    expect(suites.map((s) => s.suite)).toContain('feed');
  });

  it('names file and line of an unknown check', async () => {
    expect(await problem(DEMO_SUITE.replace('expect: [ok]', 'expect: [okay]'))).toMatch(/demo\.yaml:10: unknown check "okay"/);
  });

  it('refuses a check under a step kind that does not leave the facts it needs, with file and line', async () => {
    const underRequest = DEMO_SUITE.replace('expect: [ok]', 'expect: [ok, updates-delivered]');
    expect(await problem(underRequest)).toMatch(
      /demo\.yaml:10: check "updates-delivered" needs the fact webhook, which a request step does not leave; a deliveries step leaves it/,
    );
    const passive = DEMO_SUITE.replace(
      '    steps:',
      '    passive: { match: { method: GET, path: "/{page_id}/feed" }, expect: [verification-request] }\n    steps:',
    );
    expect(await problem(passive)).toMatch(/demo\.yaml:8: check "verification-request" needs the fact verifications, which recorded traffic does not leave; a subscribe step leaves it/);
  });

  it('takes a check under a step kind that leaves what it needs, and one that reads a fact only when there', async () => {
    const delivered = DEMO_SUITE.replace(
      /steps:[^]*$/,
      'steps:\n      - deliveries: {}\n        expect: [updates-delivered, { client-certificate: { cn: x } }]\n',
    );
    await expect(loadSuiteText(delivered)).resolves.toMatchObject({ suite: 'demo' });
  });

  it('refuses a deliveries step whose fine_until has no advance_to to bound, and takes the two together', async () => {
    const deliveries = (body: string) => DEMO_SUITE.replace(/steps:[^]*$/, `steps:\n      - deliveries: ${body}\n        expect: [updates-delivered]\n`);
    expect(await problem(deliveries('{ fine_until: 129660 }'))).toMatch(/demo\.yaml:9: \/rules\/0\/steps\/0\/deliveries must have property advance_to when property fine_until is present/);
    await expect(loadSuiteText(deliveries('{ advance_to: 259200, fine_until: 129660 }'))).resolves.toMatchObject({ suite: 'demo' });
  });

  it('refuses needs: on a callback rule, which plays against no target profile', async () => {
    const callback = DEMO_SUITE.replace('strength: MUST', 'strength: MUST\n    side: callback\n    needs: { tokens: [page] }');
    expect(await problem(callback)).toMatch(/demo\.yaml:8: a callback rule plays against no target/);
  });

  it('names file and line of a schema mistake', async () => {
    expect(await problem(DEMO_SUITE.replace('strength: MUST', 'strength: MAYBE'))).toMatch(
      /demo\.yaml:6: \/rules\/0\/strength must be one of "MUST", "SHOULD"/,
    );
  });

  it('refuses an unknown schema name at load time', async () => {
    expect(await problem(DEMO_SUITE.replace('expect: [ok]', 'expect: [{ schema: nope }]'))).toMatch(
      /demo\.yaml:10: check "schema": must be one of .*"feed-page"/,
    );
  });

  it('refuses a typo in a check argument with file, line, the check and its allowed keys', async () => {
    const text = DEMO_SUITE.replace('expect: [ok]', 'expect:\n          - ok\n          - field: { path: x, ltee: 3 }');
    const error = await suiteError(text);
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(
      /demo\.yaml:12: check "field": unknown key "ltee"; allowed: path, equals, one_of, same_members, lte, gte, truthy, falsy, exists, matches, type$/,
    );
  });

  it('takes a template where a check argument needs a number, and refuses a value of the wrong type', async () => {
    await expect(loadSuiteText(DEMO_SUITE.replace('expect: [ok]', 'expect: [{ field: { path: data.length, lte: "{{given.limit}}" } }]'))).resolves.toBeDefined();
    expect(await problem(DEMO_SUITE.replace('expect: [ok]', 'expect: [{ field: { path: x, lte: three } }]'))).toMatch(/check "field": \/lte must be number/);
    expect(await problem(DEMO_SUITE.replace('expect: [ok]', 'expect: [{ field: { path: x } }]'))).toMatch(/check "field": needs one of equals, one_of/);
  });

  it('refuses a typo in a step body with the keys the step kind allows', async () => {
    expect(await problem(DEMO_SUITE.replace('method: GET,', 'method: GET, limt: 3,'))).toMatch(
      /demo\.yaml:9: \/rules\/0\/steps\/0\/request\/limt unknown key "limt"; allowed: method, base, path/,
    );
    expect(await problem(DEMO_SUITE.replace('request: {', 'reqest: {'))).toMatch(/demo\.yaml:9: unknown step kind or key "reqest"; a step is one of request, walk/);
  });

  it('holds a control to its step kind: the merged body must be valid, and only kinds with a control take one', async () => {
    const control = (text: string) => DEMO_SUITE.replace('expect: [ok]', `control: ${text}\n        expect: [error]`);
    await expect(loadSuiteText(control('{ with: { token: app }, order: after }'))).resolves.toBeDefined();
    expect(await problem(control('{ with: { method: PATCH } }'))).toMatch(/demo\.yaml:10: the control's request \/method must be one of/);
    expect(await problem(control('{ with: {}, expect: [{ error: { cod: 1 } }] }'))).toMatch(/check "error": unknown key "cod"/);
    const clock = DEMO_SUITE.replace('request: { method: GET, path: "/{{fixtures.page_id}}/feed" }', 'clock: { advance: 5 }');
    expect(await problem(clock.replace('expect: [ok]', 'control: {}\n        expect: [ok]'))).toMatch(/a clock step takes no control/);
  });

  it('refuses a broken template at load time', async () => {
    expect(await problem(DEMO_SUITE.replace('{{fixtures.page_id}}', '{{fixtures.page_id +}}'))).toMatch(/incomplete expression/);
  });

  it('refuses a step with two kinds', async () => {
    const text = DEMO_SUITE.replace('expect: [ok]', 'clock: { advance: 1 }\n        expect: [ok]');
    expect(await problem(text)).toMatch(/exactly one of request, walk/);
  });

  it('refuses an unknown token name', async () => {
    expect(await problem(DEMO_SUITE.replace('path: "/', 'token: pgae, path: "/'))).toMatch(
      /demo\.yaml:9: \/rules\/0\/steps\/0\/request\/token must be one of "none", "app", "unissued", "page"/,
    );
  });

  it('refuses a rule id outside the suite', async () => {
    expect(await problem(DEMO_SUITE.replace('id: demo.one', 'id: other.one'))).toMatch(/must start with "demo\."/);
  });
});

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageCommand, type CoverageFlags } from '../../bin/commands/coverage.js';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { failure } from '../helpers/user-error.js';
import { tempFolder } from '../helpers/temp-dir.js';

const SPEC = `# Spec

## Endpoints

### Page feed

\`limit\` caps the page size. Expired posts can no longer be read. The error envelope: not shown.

### Versions

Calls may name a version. Specifying a version is recommended. Unknown versions are refused. Old versions are served.
Callers send \`limit\` as an integer.

## Limits

| Limit | Value |
|---|---|
| Feed \`limit\` | at most 100 |
`;
const READINGS = '| NS-20 | "The error envelope: not shown." (Errors) | Any envelope. | Read codes. |\n| R3 | x | y | z |\n';
const SUITE = `suite: demo
title: Demo
not_checkable:
  - what: The feed limit row
    kind: descriptive
    cites:
      - section: Limits
        text: "| Feed \`limit\` | at most 100 |"
    why: >
      A reason written
      over two lines.
rules:
  - id: demo.limit
    title: limit caps
    strength: MUST
    cites:
      - section: Endpoints › Page feed
        text: "\`limit\` caps the page size."
      - section: Contract §3.1
        text: "not in the spec, and not looked for"
    steps:
      - request: { method: GET, path: /x }
        expect: [ok]
  - id: demo.advice
    title: a SHOULD rule judges advice at its strength, and a MUST statement only apart
    strength: SHOULD
    cites:
      - section: Endpoints › Versions
        text: "Specifying a version is recommended. Unknown versions are refused."
    steps:
      - request: { method: GET, path: /x }
        expect: [ok]
  - id: demo.swept
    title: a generated rule
    strength: MUST
    origin: sweep
    cites:
      - section: Endpoints › Versions
        text: "Calls may name a version."
      - section: Endpoints › Page feed
        text: "\`limit\` caps the page size."
    steps:
      - request: { method: GET, path: /x }
        expect: [ok]
  - id: demo.client
    title: a client-side rule judges the caller
    strength: MUST
    side: client
    cites:
      - section: Endpoints › Versions
        text: "Old versions are served. Callers send \`limit\` as an integer."
    passive:
      match: { method: GET, path: /x }
      expect: [ok]
`;
const REASONS = `reasons:
  - kind: beyond-contract
    why: The profile names no expired post.
    cites:
      - section: Endpoints › Page feed
        text: "Expired posts can no longer be read."
`;

async function project(files: { suite?: string; reasons?: string } = {}): Promise<CoverageFlags> {
  const dir = tempFolder('graphcheck-coverage-');
  await mkdir(join(dir, 'suites'));
  await writeFile(join(dir, 'spec.md'), SPEC);
  await writeFile(join(dir, 'readings.md'), READINGS);
  await writeFile(join(dir, 'suites', 'demo.yaml'), files.suite ?? SUITE);
  await writeFile(join(dir, 'reasons.yaml'), files.reasons ?? REASONS);
  return { spec: join(dir, 'spec.md'), reasons: join(dir, 'reasons.yaml'), suitesDir: join(dir, 'suites') };
}

async function printed(flags: CoverageFlags): Promise<{ code: number; text: string }> {
  let text = '';
  const code = await coverageCommand(flags, (t) => (text += t));
  return { code, text };
}

describe('graphcheck coverage', () => {
  it('maps each statement to its rules, or to the spec\'s "not shown", a not_checkable entry or a reason', async () => {
    const { code, text } = await printed(await project());
    expect(code).toBe(0);
    expect(text).toMatch(/Endpoints › Page feed: 3 statements, 1 judged, 2 with a reason, 0 uncovered/);
    expect(text).toMatch(/limit caps the page size\.\n {6}judged by demo\.limit, demo\.swept \(sweep\)\n/);
    expect(text).toMatch(/no longer be read\.\n {6}not judged \(beyond-contract: The profile names no expired post\. \(coverage\/reasons\.yaml\)\)/);
    expect(text).toMatch(/not judged \(not-shown, NS-20: the spec says it is not shown; a suite must not assert: Any envelope\./);
    expect(text).toMatch(/Limit: Feed limit; Value: at most 100\n {6}not judged \(descriptive: A reason written over two lines\. \(suites\/demo\.yaml\)\)/);
    expect(text.trim().split('\n').at(-1)).toBe(
      '9 statements: 3 judged by service rules at their strength (2 by hand-written rules, 2 by sweep-generated rules, 1 by sweeps alone), ' +
        '1 judged only by SHOULD rules, 2 only by client-side or callback rules, 3 not judged with a reason, 0 uncovered',
    );
  });

  it('counts a SHOULD rule as a judge of advice only, and client-side rules apart', async () => {
    const { text } = await printed(await project());
    expect(text).toMatch(/Endpoints › Versions: 5 statements, 2 judged, 1 only SHOULD, 2 only client-side or callback, 0 with a reason, 0 uncovered/);
    expect(text).toMatch(/Specifying a version is recommended\.\n {6}judged by demo\.advice\n/);
    expect(text).toMatch(/Unknown versions are refused\.\n {6}judged only by rules that do not judge the service at MUST: demo\.advice \(SHOULD\)\n/);
    expect(text).toMatch(/Callers send limit as an integer\.\n {6}judged only by rules that do not judge the service at MUST: demo\.client \(client-side\)\n/);
  });

  it('--fail-on-uncovered exits 1 and lists what has neither rule nor reason; 0 when all is covered', async () => {
    const { code, text } = await printed({ ...(await project({ reasons: 'reasons: []\n' })), failOnUncovered: true });
    expect(code).toBe(1);
    expect(text).toMatch(/uncovered statements:\n.*spec\.md:7: page-feed-[0-9a-f]{6} is uncovered: Expired posts can no longer be read\.\n$/);
    expect((await printed({ ...(await project()), failOnUncovered: true })).code).toBe(0);
  });

  it('--json gives the same map as data', async () => {
    const { text } = await printed({ ...(await project()), json: true });
    const json = JSON.parse(text) as {
      counts: unknown;
      sections: { section: string; statements: { rules: string[]; status: string; strength: string; judges: unknown[] }[] }[];
    };
    expect(json.counts).toEqual({
      statements: 9,
      judged: 3,
      judged_by_hand: 2,
      judged_by_sweeps: 2,
      judged_by_sweeps_alone: 1,
      should_only: 1,
      client_only: 2,
      reasoned: 3,
      uncovered: 0,
    });
    expect(json.sections.map((s) => s.section)).toEqual(['Endpoints › Page feed', 'Endpoints › Versions', 'Limits']);
    expect(json.sections[0]!.statements[0]!.rules).toEqual(['demo.limit', 'demo.swept']);
    const versions = json.sections[1]!.statements;
    expect(versions.map((s) => `${s.strength} ${s.status}`)).toEqual([
      'MUST judged',
      'SHOULD judged',
      'MUST should-only',
      'MUST client-only',
      'MUST client-only',
    ]);
    expect(versions[3]!.judges).toEqual([{ id: 'demo.client', side: 'client', strength: 'MUST', origin: 'hand' }]);
  });

  it('a reason or a not_checkable cite that quotes nothing is a user error naming the file and line', async () => {
    const misquoted = REASONS.replace('can no longer', 'can never');
    const reasons = await failure(async () => coverageCommand(await project({ reasons: misquoted }), () => {}));
    expect(reasons.code).toBe('REASONS_INVALID');
    expect(reasons.message).toMatch(/reasons\.yaml:6: the cite "Expired posts can never be read\." \(Endpoints › Page feed\) matches no statement/);
    const suite = await failure(async () => coverageCommand(await project({ suite: SUITE.replace('at most 100', 'at most 101') }), () => {}));
    expect(suite.code).toBe('SUITE_INVALID');
    expect(suite.message).toMatch(/demo\.yaml:8: the cite .* matches no statement/);
    const reading = await failure(async () => coverageCommand(await project({ reasons: REASONS.replace('kind: beyond-contract', 'kind: beyond-contract\n    reading: R99') }), () => {}));
    expect(reading.message).toMatch(/reasons\.yaml:3: reading R99 is not in readings\.md/);
  });

  it('a broken reasons file, or a missing spec, is one line and exit 2 from the CLI', async () => {
    const flags = await project({ reasons: 'reasons:\n  - kind: guess\n    why: a guess at best\n    cites: []\n' });
    const bad = await runCli(['coverage', '--spec', flags.spec!, '--reasons', flags.reasons, '--suites-dir', flags.suitesDir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^graphcheck: .*reasons\.yaml:2: \/reasons\/0\/kind must be one of "descriptive"/);
    expect(hasStackTrace(bad.stderr)).toBe(false);
    const missing = await runCli(['coverage', '--spec', join(flags.suitesDir, 'nope.md')]);
    expect([missing.code, missing.stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(missing.stderr).toMatch(/nope\.md: cannot read the spec; check the --spec path/);
  });

  it('finds the spec as run finds its profile: spec: in graphcheck.config.yaml, relative to the file', async () => {
    const flags = await project();
    const folder = join(flags.suitesDir, '..');
    await writeFile(join(folder, 'graphcheck.config.yaml'), 'spec: spec.md\n');
    const out = await runCli(['coverage', '--reasons', flags.reasons, '--suites-dir', flags.suitesDir], {}, 60_000, folder);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toBe((await printed(flags)).text);
  });
  it('--html writes the page where asked and prints where; --report needs --html and a report.json a run wrote', async () => {
    const flags = await project();
    const out = join(flags.suitesDir, '..', 'page.html');
    const { code, text } = await printed({ ...flags, html: out });
    expect(code).toBe(0);
    expect(text).toBe(`wrote ${out}: 9 statements: 3 judged by service rules at their strength (2 by hand-written rules, 2 by sweep-generated rules, 1 by sweeps alone), 1 judged only by SHOULD rules, 2 only by client-side or callback rules, 3 not judged with a reason, 0 uncovered\n`);
    expect(await readFile(out, 'utf8')).toMatch(/^<!doctype html>[\s\S]*<div class="stmt" id="page-feed-[0-9a-f]{6}" data-status="judged">/);
    const args = ['coverage', '--spec', flags.spec!, '--reasons', flags.reasons, '--suites-dir', flags.suitesDir];
    const both = await runCli([...args, '--html', out, '--json']);
    expect([both.code, both.stderr]).toEqual([2, 'graphcheck: --json, --markdown and --html: give one of them\n']);
    const alone = await runCli([...args, '--report', out]);
    expect([alone.code, alone.stderr]).toEqual([2, 'graphcheck: --report: give it with --html, whose page shows its verdicts\n']);
    const notReport = await runCli([...args, '--html', out, '--report', flags.spec!]);
    expect(notReport.code).toBe(2);
    expect(notReport.stderr).toMatch(/^graphcheck: .*spec\.md: not JSON; give --report the report\.json a graphcheck run wrote \(unchanged\)\n$/);
    const missing = await runCli([...args, '--html', out, '--report', join(flags.suitesDir, 'none.json')]);
    expect(missing.stderr).toMatch(/none\.json: cannot read it \(ENOENT\); give --report the report\.json a graphcheck run wrote \(unchanged\)\n$/);
  });
});

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/main.js';
import { staticImportClosure } from './static-imports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Packages that take tens or hundreds of milliseconds to load, each wanted by some commands only. */
const HEAVY = ['ajv', 'ajv-formats', 'fast-check', 'undici', 'mockttp', '@peculiar/x509', 'node-forge', 'yaml'];

async function help(argv: string[]): Promise<string> {
  let out = '';
  const code = await main([...argv, '--help'], { stdout: (text) => (out += text) });
  expect(code).toBe(0);
  return out;
}

/** A command's help with its lines as one (commander wraps descriptions to the terminal's width). */
async function flatHelp(argv: string[]): Promise<string> {
  return (await help(argv)).replace(/\s+/g, ' ');
}

describe('the CLI loads what the command it runs needs', () => {
  it('main and every command declaration load commander and the cheap parts of the project only', () => {
    const { modules, packages } = staticImportClosure(ROOT, 'bin/main.ts');
    expect(packages).toEqual(['commander']);
    expect(modules.filter((m) => m.startsWith('bin/commands/') || m.startsWith('reference/'))).toEqual([]);
    expect(modules.length).toBeLessThan(50);
  });

  it('list loads neither the engine nor the schemas: the suites come from the build index when they can', () => {
    const { modules, packages } = staticImportClosure(ROOT, 'bin/commands/list.ts');
    expect(packages.filter((p) => HEAVY.includes(p))).toEqual(['yaml']);
    expect(modules.filter((m) => /^harness\/(checks|client|engine\/steps|validation\/schema-registry)/.test(m))).toEqual([]);
  });

  it('the staticImportClosure sees what a command loads (the run command reaches the engine and its packages)', () => {
    const { modules, packages } = staticImportClosure(ROOT, 'bin/commands/run.ts');
    expect(packages).toEqual(expect.arrayContaining(['ajv', 'fast-check', 'undici', 'yaml']));
    expect(modules).toContain('harness/engine/run-suites.ts');
  });

  it('help lists every command, and each command its flags, without loading the command', async () => {
    const top = await help([]);
    const commands = [...top.split('Commands:')[1]!.matchAll(/^ {2}([a-z-]+)\b/gm)].map((m) => m[1]);
    expect(commands).toEqual(['run', 'doctor', 'list', 'merge-reports', 'serve-reference', 'record', 'replay', 'check', 'cassette', 'ca', 'webhook-test', 'coverage', 'help']);
    expect(await flatHelp(['run'])).toMatch(/--runs <n> .*default: the rule's runs:, else 20/);
    expect(await flatHelp(['list'])).toMatch(/--side <side>/);
    expect(await flatHelp(['record'])).toMatch(/--service-host <host> .*graph\.facebook\.com/);
    expect(await flatHelp(['replay'])).toMatch(/unmatched requests get status 599/);
    expect(await flatHelp(['ca'])).toMatch(/--no-key +write only ca\.pem/);
    expect(await flatHelp(['webhook-test'])).toMatch(/--timeout <ms> .*\(default: "10000"\)/);
    expect(await flatHelp(['cassette', 'import'])).toMatch(/--no-redact/);
    expect(await flatHelp(['coverage'])).toMatch(/--reasons <file> .*reasons\.yaml/);
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasStackTrace, runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

// In the integration tier, though it opens no socket: each `check`, `run` and `list` here loads and validates the whole shipped
// suites (about a second each), which the unit tier cannot afford.

/** Nine levels of nine aliases: a billion-laughs file, a few hundred bytes long. */
function aliasBomb(): string {
  const lines = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 9; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: 9 }, () => `*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

describe('a YAML file whose aliases explode', () => {
  it('as a profile, a suite or a cassette: one line naming the file, exit 2, no stack trace', async () => {
    const dir = tempFolder('graphcheck-aliases-');
    const bomb = join(dir, 'bomb.yaml');
    await writeFile(bomb, aliasBomb());
    const suites = join(dir, 'suites');
    await mkdir(suites);
    await writeFile(join(suites, 'bomb.yaml'), aliasBomb());
    // A graphcheck cassette whose second document is the bomb, and a VCR-looking file that is one.
    const cassette = join(dir, 'bomb-cassette.yaml');
    const header = { graphcheck_cassette: 1, target: 'http://127.0.0.1:9', recorded_at: '2026-01-01T00:00:00.000Z', recorder: { name: 'graphcheck', version: '0.1.0' }, redaction: { enabled: false, rules: [] } };
    await writeFile(cassette, `--- # graphcheck cassette\n${JSON.stringify(header)}\n---\n${aliasBomb()}`);
    const vcr = join(dir, 'bomb-vcr.yml');
    await writeFile(vcr, `http_interactions:\n  - ${aliasBomb().split('\n').join('\n    ')}`);
    const runs = [
      ['run', '--profile', bomb, '--report-dir', join(dir, 'r1')],
      ['run', '--suites-dir', suites, '--report-dir', join(dir, 'r2')],
      ['check', '--cassette', cassette, '--report-dir', join(dir, 'r3')],
      ['check', '--cassette', vcr, '--report-dir', join(dir, 'r4')],
      ['cassette', 'import', vcr, '--out', join(dir, 'imported.yaml')],
    ];
    for (const args of runs) {
      const out = await runCli(args);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr, args.join(' ')).toMatch(/bomb(-cassette|-vcr)?\.ya?ml(:\d+)?: .*aliases \(\*name\) expand too far/);
      expect(hasStackTrace(out.stderr)).toBe(false);
    }
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { repoPath } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

// In the integration tier, though it opens no socket: it reads and judges the whole shipped run (tens of seconds).
const dir = tempDir();
afterAll(() => dir.cleanup());

const REFUSAL = { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } };

/**
 * The shipped cassette's requests as a target that refuses everything would have answered them: every API answer
 * becomes a 400 with the contract's envelope, and no delivery was ever made (a target refusing everything sends
 * no webhooks). The requests are the full run's, so every passive form finds exchanges it applies to.
 */
function refuseEverything(cassette: string): string {
  const kept: string[] = [];
  for (const line of cassette.split('\n')) {
    if (/^--- # \d+ webhook/.test(line)) continue;
    if (!line.startsWith('{"kind":')) {
      kept.push(line);
      continue;
    }
    const exchange = JSON.parse(line) as { kind: string; response?: { status: number; headers: Record<string, string>; body?: string } };
    if (exchange.kind.startsWith('webhook')) continue;
    if (exchange.kind === 'api' && exchange.response) {
      const body = JSON.stringify(REFUSAL);
      exchange.response = { status: 400, headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body };
    }
    kept.push(JSON.stringify(exchange));
  }
  return kept.join('\n');
}

describe('check over the shipped run as a target that refuses everything would have answered it', () => {
  it('judges no rule: every refusal lacks an accepted twin (R51), so nothing passes', async () => {
    const shipped = gunzipSync(await readFile(repoPath('cassettes', 'reference-full-run.yaml.gz'))).toString('utf8');
    const refused = refuseEverything(shipped);
    expect(refused.match(/"status":400/g)?.length).toBeGreaterThan(3000);
    const file = dir.path('refused.yaml');
    await writeFile(file, refused);
    const checked = await runCli(['check', '--cassette', file, '--report-dir', dir.path('check')]);
    expect(checked.stderr).toBe('');
    const report = JSON.parse(await readFile(join(dir.path('check'), 'report.json'), 'utf8')) as { results: Array<{ rule: string; verdict: string }> };
    expect(report.results.length).toBeGreaterThan(100);
    expect(report.results.filter((r) => r.verdict === 'passed').map((r) => r.rule)).toEqual([]);
    expect(checked.stdout).toMatch(/^judged from this traffic: 0 of \d+ rules$/m);
    // The whole shipped run is read and judged: a bound on a hang on a busy machine, not a measure of speed.
  }, 180_000);
});

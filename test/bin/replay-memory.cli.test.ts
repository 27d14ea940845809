// The process is the point here: the replay server's peak resident set is read from /proc while it loads a small
// `.yaml.gz` cassette of many large answers, serves one, and is stopped by SIGINT.
import { afterAll, describe, expect, it } from 'vitest';
import { answerPath, measured, writeLargeAnswers } from '../../bench/large-answers.js';
import { hasStackTrace } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const COUNT = 100;
const MIB = 4;
const dir = tempDir('graphcheck-replay-memory-');
afterAll(() => dir.cleanup());

describe.runIf(process.platform === 'linux')('replay of a small cassette holding many large answers', () => {
  it(`keeps ${COUNT} answers of ${MIB} MiB out of memory: peak RSS under 400 MB, the answer served whole`, async () => {
    const cassette = dir.path('large-answers.yaml.gz');
    const probe = await writeLargeAnswers(cassette, COUNT, MIB, 42);
    const out = await measured(['replay', '--cassette', cassette], answerPath(42));
    expect(out.served).toEqual({ status: 200, ...probe });
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('replayed 1 exchange, 0 misses');
    expect(hasStackTrace(out.stderr)).toBe(false);
    // Held whole, the answers took 666 MB here before they were spooled (bench/README.md, bench/replay-memory.ts).
    expect(out.peakMb).toBeGreaterThan(0);
    expect(out.peakMb).toBeLessThan(400);
  });
});

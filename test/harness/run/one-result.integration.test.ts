import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RuleResult } from '../../../harness/model/index.js';
import { tempDir } from '../../helpers/temp-dir.js';

const GATE = '../../../harness/verdict/gate.js';
const counted = { summaries: 0 };

describe('one result, one event stream', () => {
  const dir = tempDir('graphcheck-one-result-');
  let run: typeof import('../../../bin/api.js').run;
  // Every module that counts a run's verdicts imports `summarize` from gate.ts: each call is counted. The files of
  // this tier share their loaded modules, so the modules are loaded afresh over the counting gate, and again after.
  beforeAll(async () => {
    vi.doMock(GATE, async (original) => {
      const gate = await original<typeof import('../../../harness/verdict/gate.js')>();
      const summarize: typeof gate.summarize = (...args) => {
        counted.summaries++;
        return gate.summarize(...args);
      };
      return { ...gate, summarize };
    });
    vi.resetModules();
    ({ run } = await import('../../../bin/api.js'));
  });
  afterAll(() => {
    vi.doUnmock(GATE);
    vi.resetModules();
    dir.cleanup();
  });

  it("a run's result is built once: summarize runs once, and the library hears each rule as the reports show it", async () => {
    const heard: RuleResult[] = [];
    const lines: string[] = [];
    counted.summaries = 0;
    const { result, exitCode } = await run({
      rules: ['feed.get-list-shape', 'feed.get-limit-over-100-refused'],
      faults: ['feed-limit-not-capped'],
      seed: 3,
      reportDir: dir.path('reports'),
      print: (text) => lines.push(text),
      onRuleEnd: (r) => heard.push(r),
    });
    expect(counted.summaries).toBe(1);
    expect(exitCode).toBe(1);
    expect(result.summary).toMatchObject({ passed: 1, failed: 1 });
    expect(heard.map((r) => [r.rule, r.verdict])).toEqual(result.results.map((r) => [r.rule, r.verdict]));
    // The console's account at the end reads the same one summary.
    expect(lines.join('')).toMatch(/^FAILED: 1 passed, 1 failed, 0 warned, 0 skipped, 0 error \(seed 3\)$/m);
  });
});

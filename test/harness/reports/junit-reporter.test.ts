import { describe, expect, it } from 'vitest';
import type { RuleResult, RunResult } from '../../../harness/model/index.js';
import { renderJunit } from '../../../harness/reports/junit-reporter.js';

/** Every character XML 1.0 allows (Char production). */
const XML_CHAR = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

function runWith(reason: string): RunResult {
  const rule: RuleResult = {
    rule: 'odd.echo',
    suite: 'odd',
    title: 'echoes what it was given',
    strength: 'MUST',
    verdict: 'failed',
    reason,
    cites: [{ section: 'Endpoints', text: 'a sentence' }],
    readings: [],
    findings: [{ check: 'field', message: reason }],
    evidence: [],
    replay: 'graphcheck run --rule odd.echo --seed 1',
    durationMs: 1,
  };
  return {
    tool: { name: 'graphcheck', version: '0.1.0' },
    target: { baseUrl: 'http://127.0.0.1:9', source: 'test' },
    seed: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    summary: { passed: 0, failed: 1, warned: 0, skipped: 0, error: 0, known: 0 },
    results: [rule],
  };
}

describe('junit.xml', () => {
  it('holds only characters XML 1.0 allows, whatever a target echoed back', () => {
    const echoed = 'a\u0001b \uFFFE c \uFFFF d \uD800 e \uDC00 f 😀 g ]]> <x> & "q"';
    const xml = renderJunit(runWith(echoed));
    expect(xml).toMatch(XML_CHAR);
    expect(xml).toContain('😀');
    expect(xml).toContain('a\uFFFDb \uFFFD c \uFFFD d \uFFFD e \uFFFD f 😀 g ]]&gt; &lt;x&gt; &amp; &quot;q&quot;');
  });
});

import { describe, expect, it } from 'vitest';
import { coverageMap } from '../../../harness/coverage/coverage-map.js';
import { formatCoverageHtml } from '../../../harness/coverage/format-coverage-html.js';
import type { Judge } from '../../../harness/coverage/judges.js';
import { parseReadings } from '../../../harness/coverage/readings.js';
import { specStatements } from '../../../harness/coverage/spec-statements.js';

const HOSTILE = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
const SPEC = `# Spec

## Feed

\`limit\` caps the page size. ${HOSTILE} is a statement too. Nobody judges this one.
`;

const judge = (id: string, text: string, more: Partial<Judge> = {}): Judge => ({
  id,
  title: `a rule ${HOSTILE}`,
  cites: [{ section: 'Feed', text }],
  side: 'service',
  strength: 'MUST',
  origin: 'hand',
  ...more,
});

function page(run?: Parameters<typeof formatCoverageHtml>[3]): string {
  const judges = [
    judge('demo.limit', '`limit` caps the page size.'),
    judge('demo.swept', '`limit` caps the page size.', { origin: 'sweep' }),
    judge('demo.client', 'is a statement too.', { side: 'client' }),
  ];
  const map = coverageMap(specStatements(SPEC), judges, [], parseReadings(''));
  return formatCoverageHtml(map, `spec ${HOSTILE}.md`, judges, run);
}

describe('the coverage page', () => {
  it('is one file with a policy that lets no script run and nothing load, and no script of its own', () => {
    const html = page();
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[^']+'; script-src 'none'; img-src 'none'/);
    expect(html).not.toMatch(/<(script|img|link|iframe|object|embed)\b/i);
    expect(html).toContain('&lt;script&gt;window.pwned=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.pwned=2&quot;&gt;');
  });

  it('marks each statement with its standing and links its rules, sweeps and client-side rules marked', () => {
    const html = page();
    const statuses = [...html.matchAll(/<div class="stmt" id="([^"]+)" data-status="([^"]+)">/g)].map((m) => m[2]);
    expect(statuses).toEqual(['judged', 'client-only', 'uncovered']);
    expect(html).toMatch(/judged by <a href="#rule-demo\.limit"><code>demo\.limit<\/code><\/a>, <a href="#rule-demo\.swept"><code>demo\.swept<\/code><\/a> <span class="muted">\(sweep\)<\/span>/);
    expect(html).toMatch(/quoted only by rules that do not judge the service at MUST: <a href="#rule-demo\.client"><code>demo\.client<\/code><\/a> <span class="muted">\(client-side\)<\/span>/);
    expect(html).toContain('<li id="rule-demo.limit"><code>demo.limit</code>');
    expect(html).toMatch(/<p id="totals">3 statements: 1 judged by service rules at their strength \(1 by hand-written rules, 1 by sweep-generated rules, 0 by sweeps alone\)/);
  });

  it("shows each rule's verdict in a run, and says which rules the run did not hold", () => {
    const html = page({ file: `run ${HOSTILE}.json`, summary: 'FAILED: 1 passed, 1 failed', verdicts: new Map([['demo.limit', 'failed'], ['demo.client', 'passed']]) });
    expect(html).toMatch(/<code>demo\.limit<\/code><\/a><span class="badge failed">failed<\/span>/);
    expect(html).toMatch(/<code>demo\.swept<\/code><\/a> <span class="muted">\(sweep\)<\/span><span class="badge absent">not in this run<\/span>/);
    expect(html).toContain('Verdicts of the run in <code>run &lt;script&gt;');
    expect(html).toMatch(/<th class="n">failed in this run<\/th>/);
  });
});

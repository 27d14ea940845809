import { describe, expect, it } from 'vitest';
import { markdownCode, ownHtml, ownMarkdown } from '../../../harness/reports/escape.js';
import { inertConsole, inertText } from '../../../harness/reports/inert-text.js';
import { renderMarkdown } from '../../../harness/reports/markdown-reporter.js';
import { HOSTILE_TEXT, unsafeIn } from '../../helpers/hostile/planted.js';

describe('text from others, made inert', () => {
  it('escapes what a terminal obeys and marks what a CI runner obeys or a reader takes for our lines', () => {
    const shown = inertText(HOSTILE_TEXT);
    expect(unsafeIn(shown, { markup: false })).toEqual([]);
    expect(shown).toContain('\\x1b]52;c;cHduZWQ=\\x07');
    expect(shown).toContain('\n\\::error title=pwned::forged annotation\n   \\::add-mask::graphcheck\n#\\#[error]');
    expect(shown).toContain('\n\\PASSED: 262 passed');
    expect(shown).toContain('\\PASS feed.forged-rule\\x0dFAIL');
    expect(shown).toContain('\\x00NUL\\x7fDEL\\x9bC1\\u202eevil\\u2066');
  });

  it('keeps tabs, line ends and text that obeys nothing as they are, and is the same applied twice', () => {
    for (const text of ['a\tb\nc\r\nd', 'graphcheck run --rule feed.x --seed 4', '{"error":{"message":"(#100) Invalid"}}', 'Ünïcödé ✓']) {
      expect(inertText(text)).toBe(text);
    }
    expect(inertText(inertText(HOSTILE_TEXT))).toBe(inertText(HOSTILE_TEXT));
  });

  it('leaves our own verdict and rule lines on the console, and marks workflow commands there too', () => {
    const ours = 'FAIL feed.x: reason\n\nPASSED: 1 passed, 0 failed\n';
    expect(inertConsole(ours)).toBe(ours);
    expect(inertConsole('graphcheck: http://t\n  ::error::x\u001b[2J\n')).toBe('graphcheck: http://t\n  \\::error::x\\x1b[2J\n');
  });
});

describe('our own Markdown next to text from others', () => {
  it('renders the code spans our suites write', () => {
    expect(ownMarkdown('`limit` above 100 gives an error')).toBe('`limit` above 100 gives an error');
    expect(ownMarkdown('`response_type` other than `code` is refused')).toBe('`response_type` other than `code` is refused');
    expect(ownHtml('`limit` <b>')).toBe('<code>limit</code> &lt;b&gt;');
  });

  it('lets no code span carry markup, and no stray backtick start one', () => {
    expect(ownMarkdown('a `<img src=x onerror=alert(1)>` b')).toBe('a <code>&lt;img src=x onerror=alert(1)&gt;</code> b');
    expect(ownMarkdown('one ` stray <b>')).toBe('one &#96; stray &lt;b&gt;');
    expect(markdownCode('a|b')).toBe('<code>a&#124;b</code>');
    expect(markdownCode('feed.get-limit-over-100-refused')).toBe('`feed.get-limit-over-100-refused`');
  });
});

describe('summary.md', () => {
  it("renders a rule title's code spans (not as `&#96;` entities), and a shard's markup in one as text", () => {
    const rule = (title: string, id: string) => ({ rule: id, suite: 'feed', title, strength: 'MUST' as const, verdict: 'failed' as const, cites: [], readings: [], findings: [], evidence: [], replay: '', durationMs: 1 });
    const text = renderMarkdown({
      tool: { name: 'graphcheck', version: '0' },
      target: { baseUrl: 'http://t', source: 'x' },
      seed: 1,
      startedAt: '',
      finishedAt: '',
      summary: { passed: 0, failed: 2, warned: 0, skipped: 0, error: 0, known: 0 },
      results: [rule('`limit` above 100 is refused', 'feed.a'), rule('`<img src=x onerror=alert(1)>`', 'feed.b')],
    });
    expect(text).toContain('### `feed.a` [MUST]: `limit` above 100 is refused');
    expect(text).toContain('### `feed.b` [MUST]: <code>&lt;img src=x onerror=alert(1)&gt;</code>');
    expect(text).not.toContain('&#96;');
  });
});

import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Exchange, RuleResult, RunResult } from '../../../harness/model/index.js';
import { consoleReporter } from '../../../harness/reports/console-reporter.js';
import { renderHtml } from '../../../harness/reports/html-reporter.js';
import { writeReports } from '../../../harness/reports/reporters-for.js';
import { renderMarkdown } from '../../../harness/reports/markdown-reporter.js';
import { summarize } from '../../../harness/verdict/gate.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const HOSTILE = '<script>alert(1)</script> | **bold** [link](http://x) `code` <img src=x onerror=alert(2)>';

function rule(id: string, verdict: RuleResult['verdict'], extra: Partial<RuleResult> = {}): RuleResult {
  return {
    rule: id,
    suite: id.split('.')[0]!,
    title: `title of ${id}`,
    strength: 'MUST',
    verdict,
    cites: [{ section: 'Endpoints', text: 'a sentence' }],
    readings: [],
    findings: [],
    evidence: [],
    replay: `graphcheck run --rule ${id} --seed 1`,
    durationMs: 1,
    ...extra,
  };
}

function upload(bytes: number): Exchange {
  return {
    kind: 'api',
    request: { method: 'POST', url: 'http://127.0.0.1:9/v25.0/2000001/photos', headers: {}, body: Buffer.alloc(bytes, 7).toString('base64'), bodyEncoding: 'base64' },
    response: { status: 200, headers: {}, body: `{"echo":"${HOSTILE.replace(/"/g, '\\"')}"}` },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  };
}

function run(results: RuleResult[]): RunResult {
  return {
    tool: { name: 'graphcheck', version: '0.1.0' },
    target: { baseUrl: 'http://127.0.0.1:9', source: '--target http://127.0.0.1:9' },
    seed: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    summary: summarize(results),
    results,
    notCheckable: [{ suite: 'videos', what: 'video creates', cites: [], why: 'the spec shows no payload (NS-15)' }],
  };
}

const RESULTS = [
  rule('feed.broken', 'failed', { reason: HOSTILE, findings: [{ check: 'field', message: HOSTILE, exchange: 0 }], evidence: [upload(10 * 1024 * 1024)] }),
  rule('feed.fine', 'passed'),
  rule('thread.a', 'skipped', { reason: 'the profile has no fixtures.thread_id' }),
  rule('thread.b', 'skipped', { reason: 'the profile has no fixtures.thread_id' }),
  rule('comments.a', 'skipped', { reason: 'needs the control capability "clock", which the target does not serve' }),
];

describe('summary.md', () => {
  const md = renderMarkdown(run(RESULTS));

  it('opens with one verdict line, then failures, then skipped rules grouped by cause with counts, then not_checkable', () => {
    expect(md.split('\n')[0]).toBe('# graphcheck FAILED: 1 passed, 1 failed, 0 warned, 3 skipped, 0 error');
    const order = ['## Failures (1)', '## Skipped (3), by cause', '## Not checkable (1)'].map((h) => md.indexOf(h));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(md).toMatch(/^\| 2 \| the profile has no fixtures\.thread&#95;id<details><summary>which<\/summary><code>thread\.a<\/code> <code>thread\.b<\/code><\/details> \|$/m);
    expect(md).toMatch(/^\| 1 \| needs the control capability "clock"/m);
    expect(md).toContain('- **videos**: video creates: the spec shows no payload (NS-15)');
  });

  it('escapes everything the target sent: no tag, no Markdown syntax, no table break', () => {
    expect(md).not.toMatch(/<script|<img/);
    expect(md).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &#124; &#42;&#42;bold&#42;&#42; &#91;link&#93;(http:<span></span>//x) &#96;code&#96;');
  });

  it("makes no live link of a target's URL, host or address (GitHub links them in text), outside the raw <pre> blocks", () => {
    const outsidePre = md.replace(/<pre>[\s\S]*?<\/pre>/g, '');
    expect(outsidePre).toContain('http:<span></span>//127.0.0.1:9');
    expect(outsidePre).not.toMatch(/https?:\/\/|\bwww\.\S|\w@\w/i);
  });
});

describe('the console', () => {
  function consoleText(results: RuleResult[], quiet = true): string {
    let text = '';
    const reporter = consoleReporter((line) => (text += line), { quiet });
    reporter.onRunEnd?.(run(results));
    return text;
  }

  it('counts the skipped rules by cause, largest first, before the verdict line', () => {
    const text = consoleText(RESULTS);
    const account = '\n3 rules skipped, by cause:\n     2  the profile has no fixtures.thread_id\n     1  needs the control capability "clock"';
    expect(text).toContain(account);
    expect(text.indexOf(account)).toBeLessThan(text.indexOf('FAILED: 1 passed'));
  });

  it('names eight causes and counts the rest, which summary.md lists', () => {
    const many = Array.from({ length: 11 }, (_, i) => rule(`thread.r${i}`, 'skipped', { reason: `the profile has no key_${i}` }));
    const text = consoleText(many);
    expect(text.match(/^ {5}1 {2}the profile has no key_\d+$/gm)).toHaveLength(8);
    expect(text).toContain('  and 3 more causes (summary.md lists every one)\n');
  });

  it('says nothing of skipped rules when none was skipped', () => {
    expect(consoleText([rule('feed.fine', 'passed')])).not.toContain('skipped, by cause');
  });

  it('--quiet (the CI mode) keeps every cause headline, one rule each too, and why each error rule could not be judged', () => {
    const setup = { key: 'refused POST /{id}/feed [the body] -> code 100', title: 'POST /{id}/feed with its parameters in the body answered code 100' };
    const text = consoleText([
      rule('feed.alone', 'failed', { reason: 'expected a success', cause: { key: 'finding ok GET /{id}/feed', title: 'GET /{id}/feed: expected a success' } }),
      rule('comments.one', 'error', { reason: 'setup request POST /2000001/feed failed: the rule needed it for a post to comment on', cause: setup }),
      rule('comments.two', 'error', { reason: 'setup request POST /2000001/feed failed: the rule needed it for `parent`', cause: setup }),
    ]);
    expect(text).toContain('\n2 causes of 3 failed or unjudged rules:\n');
    expect(text).toContain('\n  2 rules (2 error): POST /{id}/feed with its parameters in the body answered code 100\n');
    expect(text).toContain('\n  1 rule (1 failed): GET /{id}/feed: expected a success\n');
    expect(text).toContain('   could not judge: setup request POST /2000001/feed failed: the rule needed it for a post to comment on\n');
    expect(text).toContain('   ERROR comments.two: graphcheck run --rule comments.two --seed 1\n      could not judge: setup request POST /2000001/feed failed: the rule needed it for `parent`\n');
    // Without --quiet the line each rule printed as it ended said why; the account does not say it twice.
    expect(consoleText(RESULTS.concat(rule('comments.two', 'error', { reason: 'why', cause: setup })), false)).not.toContain('      could not judge: why');
  });
});

describe('report.html', () => {
  it('escapes everything the target sent', () => {
    const html = renderHtml(run(RESULTS));
    expect(html.match(/<script>/g)).toHaveLength(1); // its own filter script, nothing else
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('evidence that stays small', () => {
  it('a 10 MB upload is kept as its size, SHA-256 and first bytes; report.json stays far under 1 MB', async () => {
    const dir = tempFolder('graphcheck-slim-');
    await writeReports(dir, ['json'], run(RESULTS));
    expect((await stat(join(dir, 'report.json'))).size).toBeLessThan(20_000);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunResult;
    const request = report.results[0]!.evidence[0]!.request;
    const whole = Buffer.alloc(10 * 1024 * 1024, 7);
    expect(request.bodyTruncated).toEqual({ bytes: whole.length, sha256: createHash('sha256').update(whole).digest('hex') });
    expect(Buffer.from(request.body!, 'base64')).toEqual(whole.subarray(0, 1024));
    // Small bodies are kept whole.
    expect(report.results[0]!.evidence[0]!.response!.bodyTruncated).toBeUndefined();
    expect(renderMarkdown(report)).toContain(`--data-binary @body.bin http://127.0.0.1:9/v25.0/2000001/photos   # body.bin: the 10485760-byte request body (sha256 ${request.bodyTruncated!.sha256})`);
  });
});

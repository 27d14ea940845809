import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPresent, launchChromium } from '../helpers/chromium.js';
import { runCli } from '../helpers/cli.js';
import { tempFolder } from '../helpers/temp-dir.js';

const HOSTILE = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2"><a href="javascript:window.pwned=3">x</a>';

const present = chromiumPresent('coverage-html-in-chromium');

/** A spec, readings, suite and reasons whose every text tries to become markup. */
async function hostileProject(dir: string): Promise<string[]> {
  await mkdir(join(dir, 'suites'));
  await writeFile(join(dir, 'spec.md'), `# Spec\n\n## Feed ${HOSTILE}\n\nA statement ${HOSTILE} here. Another one.\n`);
  await writeFile(join(dir, 'readings.md'), '');
  const suite = `suite: demo\ntitle: Demo\nrules:\n  - id: demo.rule\n    title: '${HOSTILE}'\n    strength: MUST\n    cites:\n      - section: Feed\n        text: 'A statement ${HOSTILE} here.'\n    steps:\n      - request: { method: GET, path: /x }\n        expect: [ok]\n`;
  await writeFile(join(dir, 'suites', 'demo.yaml'), suite);
  await writeFile(join(dir, 'reasons.yaml'), `reasons:\n  - kind: descriptive\n    why: '${HOSTILE}'\n    cites:\n      - section: Feed\n        text: Another one.\n`);
  return ['--spec', join(dir, 'spec.md'), '--suites-dir', join(dir, 'suites'), '--reasons', join(dir, 'reasons.yaml')];
}

describe.skipIf(!present)('graphcheck coverage --html, opened from file:// in Chromium', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    dir = tempFolder('graphcheck-coverage-html-');
    const run = await runCli(['run', '--rule', 'feed.get-limit-*', '--fault', 'feed-limit-not-capped', '--seed', '4', '--report-dir', join(dir, 'run')]);
    expect(run.code).toBe(1);
    const page = await runCli(['coverage', '--html', dir, '--report', join(dir, 'run', 'report.json')]);
    expect([page.code, page.stderr]).toEqual([0, '']);
    expect(page.stdout).toMatch(/^wrote .*spec-coverage\.html: \d+ statements: \d+ judged by service rules/);
    const hostile = await runCli(['coverage', '--html', join(dir, 'hostile.html'), ...(await hostileProject(dir))]);
    expect([hostile.code, hostile.stderr]).toEqual([0, '']);
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  async function open(file: string): Promise<{ page: Page; requests: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(join(dir, file)).href);
    return { page, requests };
  }

  it('renders the totals and a table of sections, and marks every statement with its standing', async () => {
    const { page, requests } = await open('spec-coverage.html');
    const { counts } = JSON.parse((await runCli(['coverage', '--json'])).stdout) as { counts: Record<string, number> };
    await expect(page.locator('h1').innerText()).resolves.toBe('Spec coverage of ../shared/spec/social-graph-interface.md');
    await expect(page.locator('#totals').innerText()).resolves.toMatch(new RegExp(`^${counts.statements} statements: ${counts.judged} judged`));
    await expect(page.locator('.stmt').count()).resolves.toBe(counts.statements);
    for (const [status, key] of [['judged', 'judged'], ['should-only', 'should_only'], ['client-only', 'client_only'], ['reasoned', 'reasoned'], ['uncovered', 'uncovered']] as const) {
      await expect(page.locator(`.stmt[data-status="${status}"]`).count()).resolves.toBe(counts[key]);
    }
    await page.screenshot({ path: join(dir, 'coverage.png') });
    expect(requests.filter((r) => !r.startsWith('file:'))).toEqual([]);
    await page.close();
  });

  it("shows each judging rule's verdict in the run, and a rule's link leads to its entry", async () => {
    const { page } = await open('spec-coverage.html');
    await expect(page.locator('#run').innerText()).resolves.toMatch(/report\.json: FAILED: \d+ passed, 1 failed/);
    const limit = page.locator('.stmt', { hasText: 'values above 100 give an error stating not to exceed 100' }).first();
    await expect(limit.getAttribute('data-status')).resolves.toBe('judged');
    await expect(limit.locator('li', { hasText: 'judged by' }).innerText()).resolves.toMatch(/feed\.get-limit-over-100-refused\s*failed/);
    await limit.locator('a[href="#rule-feed.get-limit-over-100-refused"]').first().click();
    await expect(page.evaluate('location.hash')).resolves.toBe('#rule-feed.get-limit-over-100-refused');
    const rule = page.locator('[id="rule-feed.get-limit-over-100-refused"]');
    await expect(rule.isVisible()).resolves.toBe(true);
    await expect(rule.innerText()).resolves.toMatch(/failed/);
    await expect(page.locator('.stmt', { hasText: 'multi_share_end_card' }).locator('.badge').first().innerText()).resolves.toMatch(/passed|not in this run/);
    await page.close();
  });

  it('shows hostile text from the spec, a suite and the reasons as text: no script runs, nothing loads', async () => {
    const html = await readFile(join(dir, 'hostile.html'), 'utf8');
    expect(html).not.toMatch(/<(script|img|iframe)\b/i);
    const { page, requests } = await open('hostile.html');
    const dialogs: string[] = [];
    page.on('dialog', (d) => dialogs.push(d.message()));
    await expect(page.evaluate('window.pwned')).resolves.toBeUndefined();
    await expect(page.locator('script, img, iframe').count()).resolves.toBe(0);
    await expect(page.locator('.stmt[data-status="judged"] .text').innerText()).resolves.toBe(`A statement ${HOSTILE} here.`);
    await expect(page.locator('.stmt[data-status="reasoned"] .reasons').innerText()).resolves.toContain(HOSTILE);
    await expect(page.locator('h2', { hasText: 'Feed' }).first().innerText()).resolves.toBe(`Feed ${HOSTILE}`);
    await page.locator('a', { hasText: 'x' }).last().click().catch(() => undefined);
    await expect(page.evaluate('window.pwned')).resolves.toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(requests.filter((r) => !r.startsWith('file:'))).toEqual([]);
    await page.close();
  });
});

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPresent, launchChromium } from '../../helpers/chromium.js';
import { runCli } from '../../helpers/cli.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const present = chromiumPresent('html-in-chromium');

describe.skipIf(!present)('report.html of a failing run, opened from file:// in Chromium', () => {
  let browser: Browser;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    dir = tempFolder('graphcheck-html-');
    const rules = 'feed.get-limit-*,photos.post-two-image-sources-refused,feed.get-list-shape';
    const out = await runCli(['run', '--rule', rules, '--fault', 'feed-limit-not-capped,photos-two-sources-accepted', '--seed', '4', '--report-dir', dir]);
    expect(out.code).toBe(1);
    url = pathToFileURL(join(dir, 'report.html')).href;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the verdict, then the failure first with its cited sentence, curl and replay lines; no request leaves the file', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(url);
    await expect(page.locator('h1').innerText()).resolves.toMatch(/^graphcheck FAILED: 2 passed, 1 failed, 1 warned, 0 skipped, 0 error$/);
    const first = page.locator('section.rule:visible').first();
    await expect(first.getAttribute('data-standing')).resolves.toBe('failed');
    await expect(first.locator('h2').innerText()).resolves.toContain('feed.get-limit-over-100-refused');
    await expect(first.locator('blockquote').first().innerText()).resolves.toContain('values above 100 give an error stating not to exceed 100');
    await expect(first.innerText()).resolves.toMatch(/counterexample \(shrunk\):\s+\{"limit":101\}/);
    // The exchange a finding points at is the one shown open (the positive control before it stays closed).
    const curl = first.locator('details[open] pre.curl').first();
    await expect(curl.isVisible()).resolves.toBe(true);
    await expect(curl.innerText()).resolves.toMatch(
      /^curl -sS 'http:\/\/127\.0\.0\.1:\d+\/v25\.0\/2000001\/feed\?limit=101&access_token=redacted-secret-1' {3}# redacted-secret-1: put its secret in its place .* or run again with --show-secrets$/,
    );
    await expect(first.locator('pre.replay').innerText()).resolves.toBe(
      'graphcheck run --rule feed.get-limit-over-100-refused --seed 4 --fault feed-limit-not-capped,photos-two-sources-accepted',
    );
    await page.screenshot({ path: process.env.GRAPHCHECK_SCREENSHOT ?? join(dir, 'report.png'), fullPage: false });
    expect(requests.filter((r) => !r.startsWith('file:'))).toEqual([]);
    await page.close();
  });

  it('filters by standing and by suite', async () => {
    const page = await browser.newPage();
    await page.goto(url);
    const visible = () => page.locator('section.rule:visible').evaluateAll((s) => s.map((e) => `${e.getAttribute('data-standing')} ${e.querySelector('code')?.textContent}`));
    // Passed rules are one click away, not in the way.
    await expect(visible()).resolves.toEqual(['failed feed.get-limit-over-100-refused', 'warned photos.post-two-image-sources-refused']);
    await page.getByLabel(/^passed/).check();
    await expect(visible()).resolves.toHaveLength(4);
    await page.locator('#suite').selectOption('photos');
    await expect(visible()).resolves.toEqual(['warned photos.post-two-image-sources-refused']);
    await page.getByLabel(/^warned/).uncheck();
    await expect(visible()).resolves.toEqual([]);
    await page.close();
  });
});

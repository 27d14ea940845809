import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeReportsCommand } from '../../../bin/commands/merge-reports.js';
import { UserInputError } from '../../../harness/errors.js';
import { chromiumPresent, launchChromium } from '../../helpers/chromium.js';
import { hostileShard } from '../../helpers/hostile/hostile-report.js';
import { tempFolder } from '../../helpers/temp-dir.js';

const present = chromiumPresent('merged-html-in-chromium');

describe.skipIf(!present)('a merged report.html of hostile shards, opened from file:// in Chromium', () => {
  let browser: Browser;
  let root: string;
  let url: string;
  beforeAll(async () => {
    root = tempFolder('graphcheck-merged-html-');
    const shards = await Promise.all(
      ([1, 2] as const).map(async (i) => {
        const dir = join(root, `shard-${i}`);
        await mkdir(dir);
        await writeFile(join(dir, 'report.json'), JSON.stringify(hostileShard(i)));
        return dir;
      }),
    );
    await mergeReportsCommand(shards, { reportDir: join(root, 'merged') }, () => {});
    url = pathToFileURL(join(root, 'merged', 'report.html')).href;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('runs no script of the shards, opens no dialog, loads nothing, while its own script still filters', async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    const dialogs: string[] = [];
    const refused: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(url);
    await expect(page.evaluate('window.__pwned')).resolves.toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(requests.filter((r) => !r.startsWith('file:'))).toEqual([]);
    // Nothing got in to be blocked: the policy is a second line, escaping the first.
    expect(refused).toEqual([]);
    await expect(page.locator('img').count()).resolves.toBe(0);
    await expect(page.locator('script').count()).resolves.toBe(1);
    // The planted markup is text, and the title's own code span is code.
    const title = page.locator('section.rule h2').first();
    await expect(title.locator('code').nth(1).innerText()).resolves.toBe('<img src=x onerror="window.__pwned=1">');
    await expect(title.locator('code').nth(2).innerText()).resolves.toBe('code');
    const visible = () => page.locator('section.rule:visible').count();
    await expect(visible()).resolves.toBe(2);
    await page.getByLabel(/^known/).uncheck();
    await expect(visible()).resolves.toBe(1);
    await page.close();
  });

  it('of shards with markup where one of four words belongs (a verdict): refused before merging, or rendered without running it', async () => {
    const dirs = await Promise.all(
      ([1, 2] as const).map(async (i) => {
        const dir = join(root, `verdict-shard-${i}`);
        await mkdir(dir);
        const shard = hostileShard(i);
        shard.results[0]!.verdict = 'x"><img src=x onerror="window.__pwned=1">' as 'failed';
        await writeFile(join(dir, 'report.json'), JSON.stringify(shard));
        return dir;
      }),
    );
    const reportDir = join(root, 'verdict-merged');
    const refused = await mergeReportsCommand(dirs, { reportDir }, () => {}).then(
      () => false,
      (error: unknown) => error instanceof UserInputError,
    );
    if (refused) return;
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(reportDir, 'report.html')).href);
    await expect(page.evaluate('window.__pwned')).resolves.toBeUndefined();
    await page.close();
  });
});

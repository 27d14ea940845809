import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../bin/api.js';
import { referenceBehind } from '../../helpers/reference-behind.js';
import { isControl, startFront } from '../../helpers/varying-front.js';
import { tempFolder } from '../../helpers/temp-dir.js';

/** A 10 KB answer nested 5,000 levels deep: it used to end the whole run in a stack overflow, with no reports. */
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

describe('an answer nested 5,000 levels deep', () => {
  let stop: Array<() => Promise<void>> = [];
  let dir = '';
  beforeAll(async () => {
    dir = tempFolder('graphcheck-deep-');
  });
  afterAll(async () => {
    for (const close of stop.reverse()) await close();
    stop = [];
    await rm(dir, { recursive: true, force: true });
  });

  it('makes the rules that met it `error` (too deep, not read) and the run goes on to write its reports', async () => {
    const { front, close } = await referenceBehind((upstream) =>
      startFront(upstream, (answer, request) =>
        !isControl(request.path) && request.method === 'POST' && /\/feed\b/.test(request.path) ? { ...answer, body: DEEP } : answer,
      ),
    );
    stop.push(close);
    const { result, exitCode } = await run({
      target: front.url,
      rules: ['feed.get-list-shape', 'feed.post-returns-id'],
      reportDir: dir,
      formats: ['json', 'junit', 'markdown', 'html'],
    });
    const verdicts = Object.fromEntries(result.results.map((r) => [r.rule, r.verdict]));
    expect(verdicts).toEqual({ 'feed.get-list-shape': 'error', 'feed.post-returns-id': 'error' });
    const deep = result.results.find((r) => r.rule === 'feed.post-returns-id');
    expect(JSON.stringify(deep)).toMatch(/answer nested deeper than 256 levels/);
    expect(exitCode).toBe(3);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: unknown[] };
    expect(report.results).toHaveLength(2);
    await expect(readFile(join(dir, 'report.html'), 'utf8')).resolves.toContain('feed.post-returns-id');
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readForeignTraffic } from '../../../harness/cassette/read-foreign.js';
import { checkTraffic } from '../../../harness/passive/check-traffic.js';
import { REALWORLD } from '../../helpers/paths.js';
import { judging } from '../../helpers/traffic-judging.js';
import { ERROR_PATHS } from '../../helpers/check-input.js';
import { everyShippedSuite } from '../../helpers/shipped-suites.js';

// In the integration tier, though it opens no socket: each `check` here loads and validates the whole shipped
// suites (about a second each), which the unit tier cannot afford.


/** Every recorded-traffic file of ../shared/realworld: HAR files and VCR cassettes (not the hand-written mock table). */
function trafficFiles(dir = REALWORLD): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return trafficFiles(path);
    return /\.har$/.test(name) || (/\.ya?ml$/.test(name) && dir.includes('vcr_cassettes')) ? [path] : [];
  });
}

/** The findings docs/passive-findings.md lists, each with the sentence that supports it: `file | rule`. */
function documentedFindings(): string[] {
  const doc = readFileSync('docs/passive-findings.md', 'utf8');
  return [...doc.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|/gm)].map((m) => `${m[1]} | ${m[2]}`);
}

/**
 * Rules whose passive blocks real clients' traffic reaches (feed reads of a real Page and their walk across pages,
 * the token as a parameter, JSON bodies, template writes): 9, where 5 were judged before walks and codes had passive forms.
 */
const JUDGED_ON_REAL_TRAFFIC = [
  'conventions.access-token-parameter',
  'conventions.bodies-are-json',
  'feed.get-limit-caps-page',
  'feed.get-post-field-types',
  'feed.get-walk-each-post-once',
  'templates.create-category-as-sent',
  'templates.create-result-shape',
  'templates.delete-by-hsm-id-and-name',
  'templates.delete-by-name-all-languages',
];

describe('graphcheck check over real recorded traffic', () => {
  it('flags only what docs/passive-findings.md lists and justifies', async () => {
    const suites = await everyShippedSuite();
    const found: string[] = [];
    const judged = new Set<string>();
    const files = trafficFiles();
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const { exchanges } = await readForeignTraffic(file);
      const result = await checkTraffic(suites, { name: file, exchanges }, judging({ errorPaths: ERROR_PATHS }, { name: file }));
      expect(result.summary.error).toBe(0);
      for (const r of result.results.filter((x) => x.verdict === 'failed')) found.push(`${relative(REALWORLD, file)} | ${r.rule}`);
      for (const r of result.results.filter((x) => x.verdict === 'passed')) judged.add(r.rule);
    }
    expect(found.sort()).toEqual(documentedFindings().sort());
    // Nothing flagged must mean judged and found right, not passed over: these rules speak to the real traffic.
    expect([...judged].sort()).toEqual(expect.arrayContaining(JUDGED_ON_REAL_TRAFFIC));
  });

  it('--side client finds no mistake in the real clients\' own requests, and judges those it reaches', async () => {
    const suites = await everyShippedSuite();
    const found: string[] = [];
    const judged = new Set<string>();
    for (const file of trafficFiles()) {
      const { exchanges } = await readForeignTraffic(file);
      const result = await checkTraffic(suites, { name: file, exchanges }, judging({ errorPaths: ERROR_PATHS }, { side: 'client', name: file }));
      for (const r of result.results.filter((x) => x.verdict !== 'passed' && x.verdict !== 'skipped')) {
        found.push(`${relative(REALWORLD, file)} | ${r.rule} | ${r.reason}`);
      }
      for (const r of result.results.filter((x) => x.verdict === 'passed')) judged.add(r.rule);
    }
    expect(found).toEqual([]);
    expect([...judged].sort()).toEqual(['client.feed-limit-at-most-100', 'client.template-create-params-typed']);
  });
});

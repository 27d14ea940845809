import { beforeAll, describe, expect, it } from 'vitest';
import { openRun } from '../../harness/target/open-run.js';
import { runSuites } from '../../harness/engine/run-suites.js';
import { runResult } from '../../harness/verdict/rule-result.js';
import type { RunResult } from '../../harness/model/index.js';
import { validateProfile } from '../../harness/profile/load-profile.js';
import { referenceBehind, type Upstream } from '../helpers/reference-behind.js';
import { code100, startGatingFront } from '../helpers/refusing-front.js';
import { isControl } from '../helpers/varying-front.js';
import { everyShippedSuite } from '../helpers/shipped-suites.js';

/**
 * A front for the reference that takes two liberties the spec leaves to a target: it refuses every template
 * created without an `example` (R49), and it refuses `fields=` on `GET /{template_id}`, which takes "No
 * parameters" (R24). A correct target doing so must still pass every template rule.
 */
function startStrictFront(upstream: Upstream) {
  return startGatingFront(upstream, ({ method, path, body }) => {
    const sent = decodeURIComponent(`${path} ${body.toString('utf8')}`.replace(/\+/g, ' '));
    const { pathname, searchParams } = new URL(path, 'http://front');
    if (!isControl(path) && method === 'POST' && pathname.endsWith('/message_templates') && !sent.includes('example')) {
      return code100('Templates need examples (R49).');
    }
    const templateRead = /^\/(v\d+\.\d+\/)?\d+$/.test(pathname) && method === 'GET';
    if (templateRead && searchParams.has('fields')) return code100('This endpoint takes no parameters (R24).');
    return undefined;
  });
}

let result: RunResult;
let refused = 0;

beforeAll(async () => {
  const { reference, front, close } = await referenceBehind(startStrictFront);
  try {
    const profile = validateProfile(reference.profile, 'strict template front');
    const run = await openRun({ profile, timeoutMs: 10_000, seed: 11, runs: 20, versionPrefix: 'latest' });
    try {
      const suites = await everyShippedSuite();
      result = runResult(await runSuites(suites, { rules: ['templates.*', 'errors.*template*'] }, run.ctx), run.ctx.seed);
    } finally {
      await run.close();
    }
  } finally {
    refused = front.refused();
    await close();
  }
}, 120_000);

describe('template rules against a target that refuses templates without examples (R49) and fields= on a read (R24)', () => {
  it('passes every template rule: no rule fails a target for either liberty', () => {
    const notPassed = result.results.filter((r) => r.verdict !== 'passed').map((r) => `${r.rule}: ${r.verdict} ${r.reason}`);
    expect(notPassed).toEqual([]);
    expect(result.results.length).toBeGreaterThanOrEqual(30);
    expect(refused).toBeGreaterThan(0);
  });

  it('judges the refusal of a template without examples as conformant, next to its twin with examples accepted', () => {
    const r = result.results.find((x) => x.rule === 'templates.placeholders-without-example-never-approved')!;
    expect(r.verdict).toBe('passed');
    expect(r.judged).toBeGreaterThan(0);
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../../../../harness/model/index.js';
import { FRONT_SERVER, type Upstream, upstreamUrl } from '../../../helpers/reference-behind.js';
import { judgedOf, runAgainstReference, withoutIds } from '../../../helpers/run-reference.js';
import { forward } from '../../../helpers/varying-front.js';

/** A front that passes everything on and counts the most POSTs to `path` it had in flight at once (preflight's reads go at once). */
async function countingFront(upstream: Upstream, path: RegExp) {
  let inFlight = 0;
  const seen = { most: 0 };
  const server = createServer(FRONT_SERVER, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const counted = req.method === 'POST' && path.test(req.url ?? '');
      if (counted) seen.most = Math.max(seen.most, ++inFlight);
      forward(upstreamUrl(upstream), req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks))
        .then((answer) => {
          res.writeHead(answer.status, answer.headers).end(answer.raw);
        })
        .catch((error: Error) => res.writeHead(502).end(error.message))
        .finally(() => {
          if (counted) inFlight--;
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close };
}

/** The requests a rule's evidence shows, in order, without the ids the target handed out. */
function sentOf(result: RuleResult): string[] {
  return result.evidence.map((e) => withoutIds(`${e.role ?? ''} ${e.request.method} ${e.request.url} ${e.request.body ?? ''}`));
}

async function sweep(concurrency: number, faults: string[], rule = 'sweep.photos.types.create', posts = /\/photos(\?|$)/) {
  let front: Awaited<ReturnType<typeof countingFront>> | undefined;
  const run = await runAgainstReference({
    rules: [rule],
    faults,
    seed: 5,
    concurrency,
    front: async (upstream) => (front = await countingFront(upstream, posts)),
  });
  const result = run.results[0]!;
  return { judged: judgedOf(run), cases: result.judged, sent: sentOf(result), most: front!.seen.most };
}

describe('a sweep sends its groups of cases side by side, a few within its slot and more in the slots free at the moment', () => {
  it.each([
    ['correct', []],
    ['photos-param-types-unchecked', ['photos-param-types-unchecked']],
  ])('%s: several cases in flight with slots free, one at --concurrency 1, and the same verdict, findings and evidence in order', async (_name, faults) => {
    const alone = await sweep(1, faults);
    const wide = await sweep(8, faults);
    expect(alone.most).toBe(1);
    expect(wide.most).toBeGreaterThan(1);
    expect(wide.judged).toEqual(alone.judged);
    expect(wide.cases).toBe(alone.cases);
    expect(wide.sent).toEqual(alone.sent);
    expect(alone.judged[0]!.verdict).toBe(faults.length === 0 ? 'passed' : 'failed');
    // A passed rule keeps no evidence; a failed one its control and every case's request (213), in the cases' order.
    expect(alone.sent.length).toBe(faults.length === 0 ? 0 : 214);
  });

  it('one group after another where the cases change global state: each subscription replaces the app\'s one', async () => {
    const subscribing = await sweep(8, [], 'sweep.subscriptions.listed.create', /\/subscriptions(\?|$)/);
    expect(subscribing.judged[0]!.verdict).toBe('passed');
    expect(subscribing.most).toBe(1);
  });
});

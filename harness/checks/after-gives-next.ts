import { object, STRING } from '../validation/json-schema.js';
import type { Check, CheckFinding } from './check.js';
import { isErrorResponse } from './error-envelope.js';
import { collectionItems } from './collection-size.js';
import { itemKey } from './list-items.js';
import { shown } from './webhook-facts.js';

export interface Args {
  /** How listed items are told apart (`itemKey`); default `id`. */
  key?: string;
}

/**
 * Over a walk with `compare_after`: each page's `cursors.after`, fed back as `after=`, gives the page its
 * `paging.next` gave (contract §3.4), the same items in the same order. A page that carries `paging.next` without a
 * `cursors.after` string is a finding too: the List results table says `paging` holds both.
 */
export const afterGivesNext: Check<Args, 'afterProbes'> = {
  name: 'after-gives-next',
  needs: ['afterProbes'],
  explain: () => '`cursors.after` fed back as `after=` gives the page `paging.next` gives (contract §3.4)',
  args: object({ key: STRING }),
  run: (input, args) => {
    const findings: CheckFinding[] = [];
    let judged = 0;
    for (const probe of input.facts.afterProbes) {
      const viaNext = input.bodies[probe.page];
      // The walk stopped before following that page's `next`: there is nothing to hold the cursor's page against.
      if (input.exchanges[probe.page] === undefined) continue;
      judged++;
      const exchange = probe.page - 1;
      if (probe.body === undefined && probe.exchange === undefined) {
        findings.push({ message: `page ${probe.page} carries paging.next but no \`cursors.after\` string`, exchange });
        continue;
      }
      if (probe.exchange && isErrorResponse(probe.exchange, probe.body)) {
        findings.push({ message: `page ${probe.page}'s \`cursors.after\` fed back as after= was refused (HTTP ${probe.exchange.response?.status ?? '-'})`, exchange });
        continue;
      }
      const want = keysOf(viaNext, args.key);
      const got = keysOf(probe.body, args.key);
      if (want.join('\n') === got.join('\n')) continue;
      findings.push({
        message: `page ${probe.page}'s \`cursors.after\` fed back as after= gives ${shown(got)}, but its paging.next gave ${shown(want)}`,
        exchange,
        expected: want,
        actual: got,
      });
    }
    if (judged === 0) return { findings: [], judged: 0, nothingJudged: 'no page carried paging.next to hold a cursor against' };
    return { findings, judged };
  },
};

function keysOf(page: unknown, key: string | undefined): (string | undefined)[] {
  return (collectionItems(page) ?? []).map((item) => itemKey(item, key));
}

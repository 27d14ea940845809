import type { SentExchange } from './send.js';
import { TargetFailure } from '../errors.js';
import type { Exchange } from '../model/index.js';

/**
 * Requests sent at once, every one of them let to end: the answers are kept in the order sent, and when some could
 * not be had (still rate limited, say) the first such failure stops the step, the others' last answers kept as
 * evidence beside it, so the waits each of them took show in the rule's report.
 */
export async function sendAtOnce(
  sends: (() => Promise<SentExchange>)[],
  { keep, evidence }: { keep(sent: SentExchange): void; evidence: Exchange[] },
): Promise<void> {
  const settled = await Promise.allSettled(sends.map((send) => send()));
  const failures: unknown[] = [];
  for (const result of settled) {
    if (result.status === 'fulfilled') keep(result.value);
    else failures.push(result.reason);
  }
  if (failures.length === 0) return;
  // The first failure's own answer is added where the rule stops (`engine/run-once.ts`), the others' here.
  for (const failure of failures.slice(1)) if (failure instanceof TargetFailure) evidence.push(failure.exchange);
  throw failures[0];
}

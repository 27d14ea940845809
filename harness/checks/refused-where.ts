import type { CheckContext, CheckFinding, CheckInput, CheckResult } from './check.js';
import { judgedCount } from './check.js';
import { error } from './error.js';

/**
 * The `error` check over the exchanges `picked` chooses (a schedule outside its window, a code past its hour), with
 * their indexes kept: each picked exchange is judged as a refusal (with `code`), the others are not judged at all.
 */
export function refusedWhere<Needed extends 'traffic'>(
  input: CheckInput<Needed>,
  picked: (exchange: CheckInput['exchanges'][number]) => boolean,
  code: number | undefined,
  ctx: CheckContext,
  noneWhy: string,
): CheckResult {
  const at = input.exchanges.flatMap((exchange, i) => (picked(exchange) ? [i] : []));
  const subset = { exchanges: at.map((i) => input.exchanges[i]!), bodies: at.map((i) => input.bodies[i]), facts: {} };
  const judged = error.run(subset, code === undefined ? undefined : { code }, ctx);
  const findings: CheckFinding[] = judged.findings.map((f) => ({ ...f, exchange: at[f.exchange ?? 0] }));
  return { ...judgedCount(findings, at.length, noneWhy), refusals: (judged.refusals ?? []).map((i) => at[i]!) };
}

import type { BaselineOutcome, NotCheckable, RuleCause, RuleResult, RunResult } from '../model/index.js';
import { causeOfResult } from '../verdict/cause.js';
import { type Standing, staleEntries, standingOf, verdictLine } from '../verdict/gate.js';

/** One run as people read it, the same for Markdown and HTML: the verdict, then what needs attention first. */
export interface ReportSections {
  verdict: string;
  byStanding: Record<Standing, RuleResult[]>;
  /**
   * The failed and unjudged rules grouped by what they come from (one setup request failing, one parameter
   * placement refused, one preflight problem), largest first: what a report opens with. `byStanding`'s failed and
   * error lists are in this order too, so the rules of one cause stand together.
   */
  causes: CauseGroup[];
  /** Skipped rules grouped by their reason (the profile key or capability they lack), largest group first. */
  skippedByCause: { cause: string; rules: RuleResult[] }[];
  stale: BaselineOutcome[];
  notCheckable: NotCheckable[];
}

/** One cause and the rules it broke, in run order. */
export interface CauseGroup {
  cause: RuleCause;
  rules: RuleResult[];
}

export function sectionsOf(result: RunResult): ReportSections {
  const byStanding: Record<Standing, RuleResult[]> = { failed: [], error: [], warned: [], known: [], skipped: [], passed: [] };
  for (const r of result.results) byStanding[standingOf(r, { strict: result.gate?.strict })].push(r);
  const causes = causesOf([...byStanding.failed, ...byStanding.error]);
  const rank = new Map(causes.flatMap((group, i) => group.rules.map((r) => [r, i] as const)));
  for (const standing of ['failed', 'error'] as const) byStanding[standing].sort((a, b) => rank.get(a)! - rank.get(b)!);
  const skips = new Map<string, RuleResult[]>();
  for (const r of byStanding.skipped) skips.set(r.reason ?? 'no reason given', [...(skips.get(r.reason ?? 'no reason given') ?? []), r]);
  return {
    verdict: verdictLine(result),
    byStanding,
    causes,
    skippedByCause: [...skips].map(([cause, rules]) => ({ cause, rules })).sort((a, b) => b.rules.length - a.rules.length),
    stale: staleEntries(result),
    notCheckable: result.notCheckable ?? [],
  };
}

/** Rules grouped by cause key, the largest group first (ties in the order their first rule ran). */
export function causesOf(results: RuleResult[]): CauseGroup[] {
  const groups = new Map<string, CauseGroup>();
  for (const r of results) {
    const cause = causeOfResult(r);
    const group = groups.get(cause.key) ?? { cause, rules: [] };
    group.rules.push(r);
    groups.set(cause.key, group);
  }
  return [...groups.values()].sort((a, b) => b.rules.length - a.rules.length);
}

/** How many rules of a group failed and how many could not be judged: `16 rules (5 failed, 11 error)`. */
export function causeCount(group: CauseGroup): string {
  const failed = group.rules.filter((r) => r.verdict === 'failed').length;
  const errored = group.rules.length - failed;
  const parts = [failed ? `${failed} failed` : '', errored ? `${errored} error` : ''].filter(Boolean);
  return `${group.rules.length} rule${group.rules.length === 1 ? '' : 's'} (${parts.join(', ')})`;
}

import type { BaselineOutcome, NotCheckable, RuleResult, RunResult } from '../model/index.js';
import { type Standing, staleEntries, standingOf, verdictLine } from '../verdict/gate.js';

/** One run as people read it, the same for Markdown and HTML: the verdict, then what needs attention first. */
export interface ReportSections {
  verdict: string;
  byStanding: Record<Standing, RuleResult[]>;
  /** Skipped rules grouped by their reason (the profile key or capability they lack), largest group first. */
  skippedByCause: { cause: string; rules: RuleResult[] }[];
  stale: BaselineOutcome[];
  notCheckable: NotCheckable[];
}

export function sectionsOf(result: RunResult): ReportSections {
  const byStanding: Record<Standing, RuleResult[]> = { failed: [], error: [], warned: [], known: [], skipped: [], passed: [] };
  for (const r of result.results) byStanding[standingOf(r, { strict: result.gate?.strict })].push(r);
  const causes = new Map<string, RuleResult[]>();
  for (const r of byStanding.skipped) causes.set(r.reason ?? 'no reason given', [...(causes.get(r.reason ?? 'no reason given') ?? []), r]);
  return {
    verdict: verdictLine(result),
    byStanding,
    skippedByCause: [...causes].map(([cause, rules]) => ({ cause, rules })).sort((a, b) => b.rules.length - a.rules.length),
    stale: staleEntries(result),
    notCheckable: result.notCheckable ?? [],
  };
}

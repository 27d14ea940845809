import type { RuleResult, Verdict } from '../model/index.js';
import { runSequences } from '../sequence/run-sequence.js';
import { shellWord } from '../shell-word.js';
import type { Rule } from '../suite/suite.js';
import type { Scope } from '../suite/template.js';
import { verdictOf } from '../verdict/rule-result.js';
import { propertyRuns } from '../generators/property-runs.js';
import type { RunContext } from './run-context.js';
import { addWaits } from './run-once.js';
import { withUnique } from './scope.js';
import { sequenceHost } from './sequence-host.js';

/**
 * A rule of kind `sequence:` once `runRule` has placed it (needs met, reset done): its runs under the run's seed and
 * `--runs` (as property runs are counted), each sequence with its own `{{unique}}`, judged by `harness/sequence/`.
 * A failure carries the shrunk sequence's story, and its replay line the `--sequence-path` that runs it again.
 */
export async function runSequenceRule(
  rule: Rule,
  seed: number,
  base: Scope,
  ctx: RunContext,
  result: (verdict: Verdict, extra?: Partial<RuleResult>) => RuleResult,
  timeLimitMs: number,
): Promise<RuleResult> {
  const { runs, capped } = propertyRuns(rule, ctx);
  const outcome = await runSequences(rule, sequenceHost(rule, ctx), {
    seed,
    runs,
    scopeOf: (execution) => withUnique(base, seed, execution),
    ...(ctx.sequencePath ? { replay: ctx.sequencePath } : {}),
    timeLimitMs,
  });
  const { verdict, ...extra } = verdictOf(outcome, 'error');
  const replay = outcome.path ? { replay: `${ctx.replayCommand(rule.id)} --sequence-path ${shellWord(outcome.path)}` } : {};
  const story = outcome.story ? { sequence: outcome.story } : {};
  // The waits for rate limits of the sequence the verdict rests on (the report shows them, as a rule's steps' do).
  const rateLimited = addWaits(undefined, outcome.evidence.flatMap((exchange) => exchange.rateLimited ?? []));
  return result(verdict, { runs: outcome.runs, judged: outcome.judged, ...(capped ? { runsCapped: capped } : {}), ...(rateLimited ? { rateLimited } : {}), ...extra, ...story, ...replay });
}

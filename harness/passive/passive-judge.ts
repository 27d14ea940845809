import { type CheckContext, refusalsApart, runCheck } from '../checks/check.js';
import type { TrafficFacts } from '../checks/traffic-facts.js';
import { CHECKS, resolveExpectation } from '../checks/registry.js';
import type { Exchange, Finding, RuleResult } from '../model/index.js';
import { NOTHING_JUDGED, ruleResult, verdictOf } from '../verdict/rule-result.js';
import { type PassiveSpec, passiveBlocks, type Rule, type Suite } from '../suite/suite.js';
import type { AcceptedOperations } from './accepted-operations.js';
import { matchesExchange } from './match-exchange.js';
import { paramValue } from '../checks/requests/param-value.js';
import { requestParams } from '../checks/requests/request-params.js';

/** Failing exchanges kept per rule: enough to show the problem without holding a whole cassette. */
const EVIDENCE_LIMIT = 5;
const FINDINGS_LIMIT = 20;

/** A refusal a check judged, counted once the traffic has been read if the target accepted its operation (R51). */
interface PendingRefusal {
  operation: string;
  exchange: Exchange;
  findings: Finding[];
}

/**
 * Judges one rule over recorded traffic as it streams past: each matching exchange (or each group of them)
 * goes through the rule's passive checks. Only failing evidence is kept. Like a run, a rule passes only on what
 * it judged: a refusal counts only where the traffic shows the same operation accepted in the same state.
 */
export class PassiveJudge {
  private matched = 0;
  private judged = 0;
  private uncountedRefusals = 0;
  /** Why the first expectation that judged nothing did not. */
  private nothingJudged?: string;
  private readonly findings: Finding[] = [];
  private readonly evidence: Exchange[] = [];
  private readonly pending: PendingRefusal[] = [];
  private readonly blocks: PassiveSpec[];
  /** Per block, the exchanges of each `group_by` value seen so far. */
  private readonly groups: Map<string, { exchanges: Exchange[]; bodies: unknown[] }>[];

  constructor(
    readonly rule: Rule,
    private readonly suite: Suite,
    private readonly ctx: CheckContext,
    /** The command that judges this rule again over the same traffic. */
    private readonly replayCommand: (ruleId: string) => string,
    /** What the traffic shows beyond one exchange (clock, issued codes, the profile), for client-side checks. */
    private readonly facts: TrafficFacts,
    /** The operations the target accepted, per state: what a refusal counts next to. */
    private readonly accepted: AcceptedOperations,
  ) {
    this.blocks = passiveBlocks(rule);
    this.groups = this.blocks.map(() => new Map());
  }

  offer(exchange: Exchange, body: unknown): void {
    this.blocks.forEach((block, b) => {
      if (!matchesExchange(block.match, exchange, body)) return;
      this.matched++;
      if (!block.group_by) return this.judge(block, [exchange], [body]);
      const key = String(paramValue(requestParams(exchange), block.group_by) ?? '');
      const groups = this.groups[b]!;
      const group = groups.get(key) ?? { exchanges: [], bodies: [] };
      group.exchanges.push(exchange);
      group.bodies.push(body);
      groups.set(key, group);
    });
  }

  /**
   * Judges the groups gathered so far and starts afresh: called at a control `reset`, after which a target may
   * issue the same codes again (contract §2: all state back to the initial fixtures).
   */
  closeGroups(): void {
    this.blocks.forEach((block, b) => {
      for (const group of this.groups[b]!.values()) this.judge(block, group.exchanges, group.bodies);
      this.groups[b]!.clear();
    });
  }

  result(): RuleResult {
    this.closeGroups();
    this.countRefusals();
    const run = { replay: this.replayCommand(this.rule.id), durationMs: 0 };
    // A client-side rule's profile needs are what its checks compare with; a service rule's are for its steps.
    const missing = this.rule.side === 'client' && !this.facts.profile ? (this.rule.needs?.profile ?? []) : [];
    if (missing.length > 0) {
      const reason = `needs the target's profile for ${missing.join(', ')}: give --profile`;
      return ruleResult(this.rule, this.suite, run, 'skipped', { reason });
    }
    if (this.matched === 0) return ruleResult(this.rule, this.suite, run, 'skipped', { reason: 'no recorded exchange this rule applies to' });
    const findings = this.findings.slice(0, FINDINGS_LIMIT);
    const unjudged = this.judged === 0 && findings.length === 0 ? this.whyNothing() : undefined;
    const { verdict, ...extra } = verdictOf({ findings, evidence: this.evidence, judged: this.judged, cannotJudge: unjudged }, 'skipped');
    const reason = extra.reason ?? `${this.matched} recorded exchange(s) judged`;
    return ruleResult(this.rule, this.suite, run, verdict, { ...extra, reason, judged: this.judged });
  }

  private judge(block: PassiveSpec, exchanges: Exchange[], bodies: unknown[]): void {
    const input = { exchanges, bodies, facts: { traffic: this.facts } };
    for (const expectation of block.expect) {
      const { name, args } = resolveExpectation(expectation);
      const check = CHECKS.get(name)!;
      const result = runCheck(check, input, args, this.ctx);
      const apart = refusalsApart(check, result, exchanges.length);
      const refusals = new Map<number, PendingRefusal>();
      for (const at of apart.refused) {
        const exchange = exchanges[at]!;
        refusals.set(at, { operation: this.accepted.operationOf(exchange), exchange, findings: [] });
      }
      this.pending.push(...refusals.values());
      this.judged += apart.judged;
      if (result.judged === 0) this.nothingJudged ??= `\`${name}\` judged nothing: ${result.nothingJudged ?? 'there was nothing to judge'}`;
      for (const { finding, at, onRefusal } of apart.findings) {
        const tagged = { check: name, ...finding, exchange: undefined };
        if (onRefusal) refusals.get(at)!.findings.push(tagged);
        else this.addFinding(tagged, exchanges[at]!);
      }
    }
  }

  /** Refusals count where their operation was accepted in the same state (R51); the others judged nothing. */
  private countRefusals(): void {
    for (const refusal of this.pending.splice(0)) {
      if (!this.accepted.has(refusal.operation)) {
        this.uncountedRefusals++;
        continue;
      }
      this.judged++;
      for (const finding of refusal.findings) this.addFinding(finding, refusal.exchange);
    }
  }

  private addFinding(finding: Finding, exchange: Exchange): void {
    let index = this.evidence.indexOf(exchange);
    if (index === -1 && this.evidence.length < EVIDENCE_LIMIT) index = this.evidence.push(exchange) - 1;
    this.findings.push({ ...finding, exchange: index === -1 ? undefined : index });
  }

  private whyNothing(): string {
    if (this.uncountedRefusals > 0) {
      return (
        `the traffic shows the target refusing this ${this.uncountedRefusals} time(s), but never accepting the same ` +
        'operation (method and path) in the same state: a refusal counts only next to an accepted valid request (R51)'
      );
    }
    return this.nothingJudged ?? NOTHING_JUDGED;
  }
}

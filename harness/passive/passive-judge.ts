import { shellWord } from '../shell-word.js';
import type { CheckContext } from '../checks/check.js';
import type { TrafficFacts } from '../checks/traffic-facts.js';
import { CHECKS, resolveExpectation } from '../checks/registry.js';
import type { Exchange, Finding, RuleResult } from '../model/index.js';
import { type PassiveSpec, passiveBlocks, type Rule, type Suite } from '../suite/suite.js';
import { matchesExchange } from './match-exchange.js';
import { paramValue } from '../checks/requests/param-value.js';
import { requestParams } from '../checks/requests/request-params.js';

/** Failing exchanges kept per rule: enough to show the problem without holding a whole cassette. */
const EVIDENCE_LIMIT = 5;

/**
 * Judges one rule over recorded traffic as it streams past: each matching exchange (or each group of them)
 * goes through the rule's passive checks. Only failing evidence is kept.
 */
export class PassiveJudge {
  private matched = 0;
  private readonly findings: Finding[] = [];
  private readonly evidence: Exchange[] = [];
  private readonly blocks: PassiveSpec[];
  /** Per block, the exchanges of each `group_by` value seen so far. */
  private readonly groups: Map<string, { exchanges: Exchange[]; bodies: unknown[] }>[];

  constructor(
    readonly rule: Rule,
    private readonly suite: Suite,
    private readonly ctx: CheckContext,
    /** The traffic's file, so the printed replay command names it. */
    private readonly cassette: string,
    /** What the traffic shows beyond one exchange (clock, issued codes, the profile), for client-side checks. */
    private readonly facts: TrafficFacts,
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
    const base = {
      rule: this.rule.id,
      suite: this.suite.suite,
      title: this.rule.title,
      strength: this.rule.strength,
      cites: this.rule.cites,
      readings: this.rule.readings ?? [],
      replay: `graphcheck check${this.rule.side === 'client' ? ' --side client' : ''} --rule ${this.rule.id} --cassette ${shellWord(this.cassette)}`,
      durationMs: 0,
    };
    // A client-side rule's profile needs are what its checks compare with; a service rule's are for its steps.
    const missing = this.rule.side === 'client' && !this.facts.profile ? (this.rule.needs?.profile ?? []) : [];
    if (missing.length > 0) {
      const reason = `needs the target's profile for ${missing.join(', ')}: give --profile`;
      return { ...base, verdict: 'skipped', reason, findings: [], evidence: [] };
    }
    if (this.matched === 0) {
      const reason = 'no recorded exchange this rule applies to';
      return { ...base, verdict: 'skipped', reason, findings: [], evidence: [] };
    }
    const verdict = this.findings.length ? 'failed' : 'passed';
    const reason = this.findings[0]?.message ?? `${this.matched} recorded exchange(s) judged`;
    return { ...base, verdict, reason, findings: this.findings.slice(0, 20), evidence: this.evidence };
  }

  private judge(block: PassiveSpec, exchanges: Exchange[], bodies: unknown[]): void {
    const input = { exchanges, bodies, meta: { traffic: this.facts } };
    for (const expectation of block.expect) {
      const { name, args } = resolveExpectation(expectation);
      for (const finding of CHECKS.get(name)!.run(input, args, this.ctx).findings) {
        const exchange = exchanges[finding.exchange ?? exchanges.length - 1]!;
        let index = this.evidence.indexOf(exchange);
        if (index === -1 && this.evidence.length < EVIDENCE_LIMIT) index = this.evidence.push(exchange) - 1;
        this.findings.push({ check: name, ...finding, exchange: index === -1 ? undefined : index });
      }
    }
  }
}

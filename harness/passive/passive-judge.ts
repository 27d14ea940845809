import type { CheckContext } from '../checks/check.js';
import { CHECKS, resolveExpectation } from '../checks/registry.js';
import type { Exchange, Finding, RuleResult } from '../model/index.js';
import type { Rule, Suite } from '../suite/suite.js';
import { matchesExchange } from './match-exchange.js';
import { requestParams } from './request-params.js';

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
  private readonly groups = new Map<string, { exchanges: Exchange[]; bodies: unknown[] }>();

  constructor(
    readonly rule: Rule,
    private readonly suite: Suite,
    private readonly ctx: CheckContext,
  ) {}

  offer(exchange: Exchange, body: unknown): void {
    const passive = this.rule.passive!;
    if (!matchesExchange(passive.match, exchange, body)) return;
    this.matched++;
    if (!passive.group_by) return this.judge([exchange], [body]);
    const key = String(requestParams(exchange)[passive.group_by] ?? '');
    const group = this.groups.get(key) ?? { exchanges: [], bodies: [] };
    group.exchanges.push(exchange);
    group.bodies.push(body);
    this.groups.set(key, group);
  }

  result(): RuleResult {
    for (const group of this.groups.values()) this.judge(group.exchanges, group.bodies);
    this.groups.clear();
    const base = {
      rule: this.rule.id,
      suite: this.suite.suite,
      title: this.rule.title,
      strength: this.rule.strength,
      cites: this.rule.cites,
      readings: this.rule.readings ?? [],
      replay: `graphcheck check --rule ${this.rule.id}`,
      durationMs: 0,
    };
    if (this.matched === 0) {
      return { ...base, verdict: 'skipped', reason: 'no recorded exchange this rule applies to', findings: [], evidence: [] };
    }
    const verdict = this.findings.length ? 'failed' : 'passed';
    const reason = this.findings[0]?.message ?? `${this.matched} recorded exchange(s) judged`;
    return { ...base, verdict, reason, findings: this.findings.slice(0, 20), evidence: this.evidence };
  }

  private judge(exchanges: Exchange[], bodies: unknown[]): void {
    const input = { exchanges, bodies, meta: {} };
    for (const expectation of this.rule.passive!.expect) {
      const { name, args } = resolveExpectation(expectation);
      for (const finding of CHECKS.get(name)!.run(input, args, this.ctx)) {
        const exchange = exchanges[finding.exchange ?? exchanges.length - 1]!;
        let index = this.evidence.indexOf(exchange);
        if (index === -1 && this.evidence.length < EVIDENCE_LIMIT) index = this.evidence.push(exchange) - 1;
        this.findings.push({ check: name, ...finding, exchange: index === -1 ? undefined : index });
      }
    }
  }
}

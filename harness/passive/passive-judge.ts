import { createHash } from 'node:crypto';
import { type CheckContext, refusalsApart, runCheck } from '../checks/check.js';
import { CHECKS, resolveExpectation } from '../checks/registry.js';
import type { Exchange, Finding, RuleResult } from '../model/index.js';
import { NOTHING_JUDGED, ruleResult, verdictOf } from '../verdict/rule-result.js';
import { type PassiveSpec, passiveBlocks, type Rule, type Suite } from '../suite/suite.js';
import type { AcceptedOperations } from './accepted-operations.js';
import { matchesExchange } from './match-exchange.js';
import { PageWalks } from './page-walks.js';
import { PendingRefusals } from './pending-refusals.js';
import { readRequestOnce } from './read-request-once.js';
import type { RecordedTrafficFacts } from './traffic-facts.js';
import { paramValue } from '../checks/requests/param-value.js';
import { type Unjudged, unjudgedWords } from './unjudged.js';

/** Failing exchanges kept per rule: enough to show the problem without holding a whole cassette. */
const EVIDENCE_LIMIT = 5;
const FINDINGS_LIMIT = 20;
/** Requests without a credential held until the traffic shows it was not stripped of them all. */
const HELD_LIMIT = 100;
/**
 * A held exchange keeps at most this much of its answer: a hundred held answers of 200 MiB each would be gigabytes.
 * Past it, the answer is kept as a recording past its size limit is (its start, size and hash; `bodyOmitted`).
 */
const HELD_BODY_CHARS = 1024 * 1024;
const KEPT_HEAD_CHARS = 4096;

/** Per block, what is gathered until it is judged: the exchanges of each `group_by` value, or the walk pages. */
interface Gathered {
  groups: Map<string, { exchanges: Exchange[]; bodies: unknown[] }>;
  walks?: PageWalks;
}

/**
 * Judges one rule over recorded traffic as it streams past: each matching exchange (or each group of them, or each
 * walk across pages) goes through the rule's passive checks. Only failing evidence is kept. Like a run, a rule
 * passes only on what it judged: a refusal counts only where the traffic shows the same operation accepted in the
 * same state.
 */
export class PassiveJudge {
  private matched = 0;
  private judged = 0;
  private walksSeen = 0;
  /** Why the first expectation that judged nothing did not. */
  private nothingJudged?: string;
  private readonly findings: Finding[] = [];
  private readonly evidence: Exchange[] = [];
  private readonly refusals: PendingRefusals;
  private readonly blocks: PassiveSpec[];
  private readonly gathered: Gathered[];
  /** Matches of `token: false` blocks seen before any request with a credential: judged once one shows up. */
  private readonly held: { block: number; exchange: Exchange; body: unknown }[] = [];
  /** Why the rule judged nothing, once `result()` has said so. */
  unjudged?: Unjudged;

  constructor(
    readonly rule: Rule,
    private readonly suite: Suite,
    private readonly ctx: CheckContext,
    /** The command that judges this rule again over the same traffic. */
    private readonly replayCommand: (ruleId: string) => string,
    /** What the traffic shows beyond one exchange (clock, issued codes, the profile), for client-side checks. */
    private readonly facts: RecordedTrafficFacts,
    /** The operations the target accepted, per state: what a refusal counts next to. */
    accepted: AcceptedOperations,
  ) {
    this.blocks = passiveBlocks(rule);
    this.gathered = this.blocks.map((block) => ({ groups: new Map(), ...(block.walk ? { walks: new PageWalks(accepted) } : {}) }));
    this.refusals = new PendingRefusals(accepted, ctx);
  }

  offer(exchange: Exchange, body: unknown): void {
    this.blocks.forEach((block, b) => {
      if (!matchesExchange(block.match, exchange, body)) return;
      if (block.match.token === false && !this.facts.credentialSeen) {
        if (this.held.length < HELD_LIMIT) this.held.push({ block: b, ...heldForm(exchange, body) });
        return;
      }
      this.take(b, exchange, body);
    });
  }

  private take(b: number, exchange: Exchange, body: unknown): void {
    const block = this.blocks[b]!;
    this.matched++;
    const gathered = this.gathered[b]!;
    if (gathered.walks) return gathered.walks.add(exchange, body);
    if (!block.group_by) return this.judge(block, [exchange], [body]);
    const key = String(paramValue(readRequestOnce(exchange).params, block.group_by) ?? '');
    const group = gathered.groups.get(key) ?? { exchanges: [], bodies: [] };
    group.exchanges.push(exchange);
    group.bodies.push(body);
    gathered.groups.set(key, group);
  }

  /**
   * Judges the groups and walks gathered so far and starts afresh: called at a control `reset`, after which a target
   * may issue the same codes again and hold other posts (contract §2: all state back to the initial fixtures).
   */
  closeGroups(): void {
    this.blocks.forEach((block, b) => {
      const { groups, walks } = this.gathered[b]!;
      for (const group of groups.values()) this.judge(block, group.exchanges, group.bodies);
      groups.clear();
      for (const walk of walks?.walks() ?? []) {
        this.walksSeen++;
        this.judge(block, walk.exchanges, walk.bodies);
      }
    });
  }

  result(): RuleResult {
    if (this.facts.credentialSeen) for (const { block, exchange, body } of this.held.splice(0)) this.take(block, exchange, body);
    this.closeGroups();
    const counted = this.refusals.count();
    this.judged += counted.judged;
    for (const { finding, exchange } of counted.findings) this.addFinding(finding, exchange);
    const run = { replay: this.replayCommand(this.rule.id), durationMs: 0 };
    // A client-side rule's profile needs are what its checks compare with; a service rule's are for its steps.
    const missing = this.rule.side === 'client' && !this.facts.profile ? (this.rule.needs?.profile ?? []) : [];
    if (missing.length > 0) return this.skipped(run, { kind: 'needs-profile', detail: missing.join(', ') });
    if (this.matched === 0) return this.skipped(run, { kind: this.held.length > 0 ? 'no-credential-anywhere' : 'no-exchange' });
    const findings = this.findings.slice(0, FINDINGS_LIMIT);
    if (this.judged === 0 && findings.length === 0) return this.skipped(run, this.whyNothing(counted));
    const { verdict, ...extra } = verdictOf({ findings, evidence: this.evidence, judged: this.judged }, 'skipped');
    const reason = extra.reason ?? `${this.matched} recorded exchange(s) judged`;
    return ruleResult(this.rule, this.suite, run, verdict, { ...extra, reason, judged: this.judged });
  }

  private skipped(run: { replay: string; durationMs: number }, why: Unjudged): RuleResult {
    this.unjudged = why;
    return ruleResult(this.rule, this.suite, run, 'skipped', { reason: unjudgedWords(why), judged: 0 });
  }

  private judge(block: PassiveSpec, exchanges: Exchange[], bodies: unknown[]): void {
    const input = { exchanges, bodies, facts: { traffic: this.facts } };
    for (const expectation of block.expect) {
      const { name, args } = resolveExpectation(expectation);
      const check = CHECKS.get(name)!;
      const result = runCheck(check, input, args, this.ctx);
      const apart = refusalsApart(check, result, exchanges.length);
      const refused = new Map(apart.refused.map((at) => [at, this.refusals.add(exchanges[at]!, bodies[at], block.twin?.method)]));
      this.judged += apart.judged;
      if (result.judged === 0) this.nothingJudged ??= `\`${name}\` judged nothing: ${result.nothingJudged ?? 'there was nothing to judge'}`;
      for (const { finding, at, onRefusal } of apart.findings) {
        const tagged = { check: name, ...finding, exchange: undefined };
        if (onRefusal) refused.get(at)!.findings.push(tagged);
        else this.addFinding(tagged, exchanges[at]!);
      }
    }
  }

  private addFinding(finding: Finding, exchange: Exchange): void {
    let index = this.evidence.indexOf(exchange);
    if (index === -1 && this.evidence.length < EVIDENCE_LIMIT) index = this.evidence.push(exchange) - 1;
    this.findings.push({ ...finding, exchange: index === -1 ? undefined : index });
  }

  private whyNothing(counted: { withoutTwin: number; doubtful: number }): Unjudged {
    if (counted.doubtful > 0) return { kind: 'doubtful-refusals', count: counted.doubtful };
    if (counted.withoutTwin > 0) return { kind: 'no-twin', count: counted.withoutTwin };
    if (this.blocks.every((block) => block.walk) && this.walksSeen === 0) return { kind: 'no-walk' };
    return { kind: 'nothing-judged', detail: this.nothingJudged ?? NOTHING_JUDGED };
  }
}

/** One small form per held exchange, however many rules hold it. */
const heldForms = new WeakMap<Exchange, { exchange: Exchange; body: unknown }>();

function heldForm(exchange: Exchange, body: unknown): { exchange: Exchange; body: unknown } {
  const answer = exchange.response;
  if (!answer || answer.body.length <= HELD_BODY_CHARS) return { exchange, body };
  const known = heldForms.get(exchange);
  if (known) return known;
  const cut = {
    exchange: {
      ...exchange,
      response: {
        ...answer,
        body: answer.body.slice(0, KEPT_HEAD_CHARS),
        bodyOmitted: true,
        bodyTooLarge: { size: answer.body.length, sha256: createHash('sha256').update(answer.body).digest('hex'), limit: HELD_BODY_CHARS },
      },
    },
    body: undefined,
  };
  heldForms.set(exchange, cut);
  return cut;
}

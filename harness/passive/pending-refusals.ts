import type { CheckContext } from '../checks/check.js';
import { errorPart } from '../checks/error-envelope.js';
import type { Exchange, Finding } from '../model/index.js';
import type { AcceptedOperations, Operation } from './accepted-operations.js';

/**
 * Error codes that name a condition of the moment rather than of the request: the token (190), the request's
 * signature (104, `appsecret_proof`), the account's history (368), a rate limit (80001, 80008; and the Graph API's
 * own throttling codes 4, 17, 32 and 613, which real recordings carry). A refusal answered with one may have been
 * decided before the part a rule speaks of was looked at.
 */
const CONDITION_CODES = new Set([4, 17, 32, 104, 190, 368, 613, 80001, 80008]);

/** A refusal a check judged, counted once the traffic has been read if the target accepted its operation (R51). */
interface PendingRefusal {
  operation: Operation;
  exchange: Exchange;
  body: unknown;
  /** What the checks found wrong with it (a code, a message). */
  findings: Finding[];
}

/** What the refusals of a rule came to once the traffic was read. */
export interface CountedRefusals {
  /** Refusals that count: the operation was accepted in the same state. */
  judged: number;
  /** Findings on refusals that count and that only the request can explain, each with its exchange. */
  findings: Array<{ finding: Finding; exchange: Exchange }>;
  /** Refusals whose operation the target never accepted in their state. */
  withoutTwin: number;
  /** Refusals found wrong, not held against the target: another condition may have answered first. */
  doubtful: number;
}

/**
 * The refusals of one rule, held until the traffic is read (R51). A refusal counts next to the same operation
 * accepted in the same state. A finding on it (a wrong code, a message without the stated words) is held against
 * the target only where nothing but the request can explain it: the same token was accepted for the same operation
 * in that state, and the answer names no condition of the moment (a token, a rate limit) nor a failure of the
 * server (a 5xx status, `is_transient`).
 */
export class PendingRefusals {
  private readonly pending: PendingRefusal[] = [];

  constructor(
    private readonly accepted: AcceptedOperations,
    private readonly ctx: CheckContext,
  ) {}

  add(exchange: Exchange, body: unknown, twinMethod?: string): PendingRefusal {
    const refusal = { operation: this.accepted.operationOf(exchange, twinMethod), exchange, body, findings: [] };
    this.pending.push(refusal);
    return refusal;
  }

  count(): CountedRefusals {
    const counted: CountedRefusals = { judged: 0, findings: [], withoutTwin: 0, doubtful: 0 };
    for (const refusal of this.pending.splice(0)) {
      if (!this.accepted.has(refusal.operation)) {
        counted.withoutTwin++;
        continue;
      }
      if (refusal.findings.length > 0 && !this.explainedByRequest(refusal)) {
        counted.doubtful++;
        continue;
      }
      counted.judged++;
      for (const finding of refusal.findings) counted.findings.push({ finding, exchange: refusal.exchange });
    }
    return counted;
  }

  private explainedByRequest({ operation, exchange, body }: PendingRefusal): boolean {
    if (!this.accepted.has(operation, true)) return false;
    if ((exchange.response?.status ?? 0) >= 500) return false;
    const error = (body as { error?: { is_transient?: unknown } } | undefined)?.error;
    if (error?.is_transient === true) return false;
    return !CONDITION_CODES.has(Number(errorPart(body, 'code', this.ctx)));
  }
}

import { isErrorResponse } from '../checks/error-envelope.js';
import { unversionedPath } from '../checks/requests/request-params.js';
import type { Exchange } from '../model/index.js';
import { tokenOf } from './request-token.js';

/** The operation a refusal counts next to: its own method and path, or another method on the same path. */
export interface Operation {
  /** `state METHOD /path`. */
  key: string;
  /** The token the refused request carried ('' for none): a finding on a refusal needs it accepted (see `has`). */
  token: string;
}

/**
 * Reading R51 over recorded traffic: a refusal counts only where the target accepted the same request made valid
 * in the same state. Recorded traffic does not say which request is a refusal's valid twin, so the twin is taken
 * as any accepted (2xx, no error object) request of the same operation, method and path with the version aside,
 * in the same state: between the same two control `reset`s. A target that refuses everything has none.
 *
 * It also keeps where in the state the target accepted a change (a write, a control request other than a read),
 * so that pages of a walk are read as one walk only where nothing changed between them.
 */
export class AcceptedOperations {
  private state = 0;
  private position = 0;
  private readonly accepted = new Set<string>();
  private readonly positions = new WeakMap<Exchange, number>();
  /** The state each exchange was observed in: a refusal judged later (held for want of a credential) keeps its own. */
  private readonly states = new WeakMap<Exchange, number>();
  /** Positions, in this state, of accepted changes. */
  private changes: number[] = [];

  /** Called for every exchange in recording order. */
  observe(exchange: Exchange, body: unknown): void {
    this.positions.set(exchange, this.position++);
    this.states.set(exchange, this.state);
    const kind = exchange.kind ?? 'api';
    if ((kind !== 'api' && kind !== 'control') || !exchange.response || isErrorResponse(exchange, body)) return;
    const method = exchange.request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') this.changes.push(this.position - 1);
    if (kind !== 'api') return;
    const operation = this.operationOf(exchange);
    this.accepted.add(operation.key).add(`${operation.key}\u0000${operation.token}`);
  }

  /** A control `reset`: the target's state starts over. */
  reset(): void {
    this.state++;
    this.changes = [];
  }

  /**
   * The operation an exchange made, in the state it was observed in (the current one for an exchange not observed):
   * what `has` is asked about once the traffic is read.
   * `method` names another operation on the same path (the twin of a refused unsupported method).
   */
  operationOf(exchange: Exchange, method = exchange.request.method): Operation {
    const state = this.states.get(exchange) ?? this.state;
    return { key: `${state} ${method.toUpperCase()} ${unversionedPath(exchange.request.url)}`, token: tokenOf(exchange) };
  }

  /** Whether the target accepted the operation in its state; with `sameToken`, with the token the refusal carried. */
  has(operation: Operation, sameToken = false): boolean {
    return this.accepted.has(sameToken ? `${operation.key}\u0000${operation.token}` : operation.key);
  }

  /** Where an exchange stands in the recording (the order `observe` saw it in). */
  positionOf(exchange: Exchange): number {
    return this.positions.get(exchange) ?? -1;
  }

  /** Whether the target accepted a change, in the current state, between two positions (either order). */
  changedBetween(a: number, b: number): boolean {
    const [from, to] = a < b ? [a, b] : [b, a];
    return this.changes.some((at) => at > from && at < to);
  }
}

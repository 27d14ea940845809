import { isErrorResponse } from '../checks/error-envelope.js';
import { unversionedPath } from '../checks/requests/request-params.js';
import type { Exchange } from '../model/index.js';

/**
 * Reading R51 over recorded traffic: a refusal counts only where the target accepted the same request made valid
 * in the same state. Recorded traffic does not say which request is a refusal's valid twin, so the twin is taken
 * as any accepted (2xx, no error object) request of the same operation, method and path with the version aside,
 * in the same state: between the same two control `reset`s. A target that refuses everything has none.
 */
export class AcceptedOperations {
  private state = 0;
  private readonly accepted = new Set<string>();

  /** Called for every exchange in recording order. */
  observe(exchange: Exchange, body: unknown): void {
    if ((exchange.kind ?? 'api') !== 'api' || !exchange.response) return;
    if (!isErrorResponse(exchange, body)) this.accepted.add(this.operationOf(exchange));
  }

  /** A control `reset`: the target's state starts over. */
  reset(): void {
    this.state++;
  }

  /** The operation an exchange made, in the current state: what `has` is asked about once the traffic is read. */
  operationOf(exchange: Exchange): string {
    return `${this.state} ${exchange.request.method.toUpperCase()} ${unversionedPath(exchange.request.url)}`;
  }

  has(operation: string): boolean {
    return this.accepted.has(operation);
  }
}

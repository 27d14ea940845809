import type { GraphClient } from '../client/graph-client.js';
import { CannotJudgeError } from '../errors.js';
import type { Exchange } from '../model/index.js';
import { clockFromDateHeader, type ControlClient } from './control-client.js';

/**
 * The target's clock (contract §3.5): control `GET /clock` when served, else the `Date` header of the latest
 * answer of the target's interface in this execution, else of one cheap request made for it (kept as evidence).
 * Never the suite's own clock: a target's time is what its rules are measured on.
 */
export async function targetNow(target: { control: ControlClient; client: GraphClient }, evidence: Exchange[]): Promise<number> {
  if (target.control.has('clock')) return target.control.now();
  for (let i = evidence.length - 1; i >= 0; i--) {
    const exchange = evidence[i]!;
    const now = (exchange.kind ?? 'api') === 'api' ? clockFromDateHeader(exchange) : undefined;
    if (now !== undefined) return now;
  }
  const sent = await target.client.send({ method: 'GET', base: 'api', path: '/', version: null, token: null });
  evidence.push(sent.exchange);
  const now = clockFromDateHeader(sent.exchange);
  if (now === undefined) {
    throw new CannotJudgeError('SETUP_FAILED', `the target's time is unknown: no control clock, and ${NO_DATE}`);
  }
  return now;
}

export const NO_DATE = 'its answers carry no Date header (contract §3.5)';

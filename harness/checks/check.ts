import type { Exchange, Finding } from '../model/index.js';

/** What a step hands to its checks: the exchanges it made, their JSON bodies, and step facts (e.g. a walk ended). */
export interface CheckInput {
  exchanges: Exchange[];
  bodies: unknown[];
  meta: Record<string, unknown>;
}

/** Where the target's error responses keep their parts (profile `errors`, contract §3.1). */
export interface CheckContext {
  errorPaths: { code: string; subcode: string; message: string; type: string };
}

/** A finding whose `exchange` indexes `CheckInput.exchanges`; the engine re-bases it onto the rule's evidence. */
export type CheckFinding = Omit<Finding, 'check'>;

/**
 * A check is a pure function of a step's exchanges: no I/O, no clock, no state. `explain` says in one sentence
 * what it asserts, for reports; `argsProblem` rejects bad YAML arguments at load time.
 */
export interface Check {
  name: string;
  explain(args: unknown): string;
  argsProblem?(args: unknown): string | undefined;
  /** True for checks that judge non-JSON answers (an HTML page, say); other checks need a JSON body. */
  acceptsAnyBody?: boolean;
  run(input: CheckInput, args: unknown, ctx: CheckContext): CheckFinding[];
}

/** Runs `judge` on each exchange and tags findings with its index. */
export function eachExchange(
  input: CheckInput,
  judge: (exchange: Exchange, body: unknown) => Omit<CheckFinding, 'exchange'>[],
): CheckFinding[] {
  return input.exchanges.flatMap((exchange, i) =>
    judge(exchange, input.bodies[i]).map((finding) => ({ ...finding, exchange: i })),
  );
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { createHash } from 'node:crypto';
import type { Rule, Suite } from '../harness/suite/suite.js';
import { selectedRules } from '../harness/suite/select-rules.js';

/**
 * When the shipped cassette (cassettes/reference-full-run.yaml.gz) needs re-recording: only when what it records
 * changed. It holds the traffic of the rules it was recorded with, each fingerprinted in
 * cassettes/reference-full-run.verdicts.json by what decides the traffic the rule sends (steps, generators, runs,
 * reset, needs); a title, a cite or a passive block changes nothing it holds. A rule added since is not in the
 * cassette and is judged elsewhere (its suite's pass test, the fault matrix), so a new rule leaves this binary
 * file alone; `npm run record-cassette` takes it in whenever someone wants it repeated offline too.
 */

/** The shipped cassette's verdicts file: the verdicts the live run reached and each recorded rule's fingerprint. */
export interface ShippedVerdicts {
  seed: number;
  exit: number;
  verdicts: Record<string, string>;
  fingerprints?: Record<string, string>;
}

/** What of a rule decides the traffic a run of it sends and records. */
function recorded(rule: Rule): unknown {
  const { steps, given, runs, max_runs, reset, needs, exclusive, side } = rule;
  return { steps, given, runs, max_runs, reset, needs, exclusive, side };
}

/** JSON with keys in one order, so a fingerprint does not depend on how the YAML orders them. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Every rule a plain run judges, by id, with the fingerprint of what it records. */
export function ruleFingerprints(suites: Suite[]): Record<string, string> {
  const rules = selectedRules(suites, {}).map(({ rule }) => rule);
  return Object.fromEntries(rules.map((rule) => [rule.id, createHash('sha256').update(stableJson(recorded(rule))).digest('hex').slice(0, 16)]));
}

/** Why the shipped cassette no longer holds what its rules record, one phrase a rule; empty: it is current. */
export function cassetteStaleness(shipped: ShippedVerdicts, suites: Suite[]): string[] {
  const now = ruleFingerprints(suites);
  return Object.keys(shipped.verdicts).flatMap((id) => {
    if (!(id in now)) return [`${id} was removed or renamed`];
    const then = shipped.fingerprints?.[id];
    return then === undefined ? [`${id} has no recorded fingerprint`] : then === now[id] ? [] : [`${id} sends other requests now`];
  });
}

import { type Check, eachExchange, isRecord, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';

/**
 * With Include Values on, entries carry `changes` (each with `field` and `value`) and no `changed_fields`; with
 * it off, `changed_fields` (strings) and no `changes`. Objects the rule did not subscribe are left to R31.
 */
export const notificationValuesForm: Check<null, 'webhook'> = {
  name: 'notification-values-form',
  needs: ['webhook'],
  acceptsAnyBody: true,
  explain: () =>
    'entries carry `changes` with `field` and `value` when the subscription includes values, ' +
    '`changed_fields` when it does not',
  args: NO_ARGS,
  run: (input) => {
    const facts = input.facts.webhook;
    let judged = 0;
    const findings = eachExchange(input, (_, body) => {
      if (!isRecord(body) || !Array.isArray(body.entry)) return [];
      const subscription = facts.subscriptions[String(body.object)];
      if (!subscription) return [];
      judged += 1;
      const entries = body.entry.filter(isRecord);
      const first = entries.map((e) => entryProblem(e, subscription.include_values)).find((p) => p !== undefined);
      return first ? [{ message: `object ${String(body.object)}, entry ${String(first.id)}: ${first.problem}` }] : [];
    });
    return judgedCount(findings.slice(0, 10), judged, 'no notification of a subscribed object reached the receiver');
  },
};

function entryProblem(
  entry: Record<string, unknown>,
  withValues: boolean,
): { id: unknown; problem: string } | undefined {
  const { changes, changed_fields: names } = entry;
  const problem = withValues ? changesProblem(changes, names) : namesProblem(changes, names);
  return problem ? { id: entry.id, problem } : undefined;
}

function changesProblem(changes: unknown, names: unknown): string | undefined {
  if (!Array.isArray(changes)) return 'Include Values is on, but the entry has no `changes` array';
  if (names !== undefined) return 'Include Values is on, but the entry also has `changed_fields`';
  const bad = changes.find((c) => !isRecord(c) || typeof c.field !== 'string' || !('value' in c));
  return bad === undefined ? undefined : `a \`changes\` item lacks \`field\` or \`value\`: ${JSON.stringify(bad)}`;
}

function namesProblem(changes: unknown, names: unknown): string | undefined {
  if (!Array.isArray(names)) return 'Include Values is off, but the entry has no `changed_fields` array';
  if (changes !== undefined) return 'Include Values is off, but the entry carries `changes` (values)';
  return names.every((n) => typeof n === 'string') ? undefined : '`changed_fields` holds something other than strings';
}

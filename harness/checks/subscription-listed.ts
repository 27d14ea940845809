import { type Check, isRecord } from './check.js';
import { listItems } from './list-items.js';

interface Args {
  /** The subscription's object; omitted with `absent: true`: no subscription at all. */
  object?: string;
  absent?: boolean;
  active?: boolean;
  fields_include?: string[];
  fields_exclude?: string[];
  callback_url?: string;
}

/**
 * Among the listed subscriptions (every page of the step), the one of `object` is listed exactly once (R30) with
 * the given state, or, with `absent`, not at all.
 */
export const subscriptionListed: Check = {
  name: 'subscription-listed',
  explain: (raw) => {
    const args = (raw ?? {}) as Args;
    if (args.absent) return args.object ? `no ${args.object} subscription is listed` : 'no subscription is listed';
    const parts = [`exactly one ${args.object} subscription is listed`];
    if (args.active !== undefined) parts.push(`active ${args.active}`);
    if (args.fields_include?.length) parts.push(`with fields ${args.fields_include.join(', ')}`);
    if (args.fields_exclude?.length) parts.push(`without ${args.fields_exclude.join(', ')}`);
    return parts.join(', ');
  },
  argsProblem: (raw) =>
    isRecord(raw) && (typeof raw.object === 'string' || raw.absent === true)
      ? undefined
      : 'subscription-listed takes { object, absent, active, fields_include, fields_exclude, callback_url }',
  run: (input, raw) => {
    const args = raw as Args;
    const listed = listItems(input.bodies).map(({ item }) => item);
    const matching = args.object === undefined ? listed : listed.filter((s) => s.object === args.object);
    const what = args.object ? `${args.object} subscription` : 'subscription';
    if (args.absent) return matching.length === 0 ? [] : [{ message: `${matching.length} ${what}(s) still listed` }];
    if (matching.length !== 1) return [{ message: `${matching.length} ${what}s are listed, expected exactly one` }];
    return stateProblems(matching[0]!, args).map((message) => ({ message: `${what}: ${message}` }));
  },
};

function stateProblems(subscription: Record<string, unknown>, args: Args): string[] {
  const problems: string[] = [];
  const fields = Array.isArray(subscription.fields) ? subscription.fields : [];
  if (args.active !== undefined && subscription.active !== args.active) {
    problems.push(`active is ${JSON.stringify(subscription.active)}, expected ${args.active}`);
  }
  const missing = (args.fields_include ?? []).filter((f) => !fields.includes(f));
  if (missing.length) problems.push(`fields ${JSON.stringify(fields)} lack ${missing.join(', ')}`);
  const extra = (args.fields_exclude ?? []).filter((f) => fields.includes(f));
  if (extra.length) problems.push(`fields ${JSON.stringify(fields)} still hold ${extra.join(', ')}`);
  if (args.callback_url !== undefined && subscription.callback_url !== args.callback_url) {
    problems.push(`callback_url is ${JSON.stringify(subscription.callback_url)}, expected ${args.callback_url}`);
  }
  return problems;
}

import type { Check } from './check.js';
import { BOOLEAN, object, STRING, STRINGS } from '../validation/json-schema.js';
import { listItems } from './list-items.js';

export interface Args {
  /** The subscription's object; omitted with `absent: true`: no subscription at all. */
  object?: string;
  absent?: boolean;
  /** None of `object` is active: not listed, or listed with `active` false. */
  no_active?: boolean;
  active?: boolean;
  fields_include?: string[];
  fields_exclude?: string[];
  callback_url?: string;
}

/**
 * Among the listed subscriptions (every page of the step), the one of `object` is listed exactly once (R30) with
 * the given state, or, with `absent`, not at all.
 */
export const subscriptionListed: Check<Args> = {
  name: 'subscription-listed',
  explain: (args) => {
    if (args.absent) return args.object ? `no ${args.object} subscription is listed` : 'no subscription is listed';
    if (args.no_active) return `no active ${args.object ?? ''} subscription is listed (absent, or active false)`.replace('  ', ' ');
    const parts = [`exactly one ${args.object} subscription is listed`];
    if (args.active !== undefined) parts.push(`active ${args.active}`);
    if (args.fields_include?.length) parts.push(`with fields ${args.fields_include.join(', ')}`);
    if (args.fields_exclude?.length) parts.push(`without ${args.fields_exclude.join(', ')}`);
    return parts.join(', ');
  },
  args: {
    ...object({
      object: STRING,
      absent: BOOLEAN,
      no_active: BOOLEAN,
      active: BOOLEAN,
      fields_include: STRINGS,
      fields_exclude: STRINGS,
      callback_url: STRING,
    }),
    anyOf: [{ required: ['object'] }, { required: ['absent'] }, { required: ['no_active'] }],
  },
  run: (input, args) => {
    const listed = listItems(input.bodies).map(({ item }) => item);
    const matching = args.object === undefined ? listed : listed.filter((s) => s.object === args.object);
    const what = args.object ? `${args.object} subscription` : 'subscription';
    // The listing as a whole is what is judged, once per step.
    if (args.absent) return { findings: matching.length === 0 ? [] : [{ message: `${matching.length} ${what}(s) still listed` }], judged: 1 };
    if (args.no_active) {
      const active = matching.filter((s) => s.active !== false);
      const findings = active.map((s) => ({ message: `${what} listed with active ${JSON.stringify(s.active)}: ${JSON.stringify(s)}` }));
      return { findings, judged: 1 };
    }
    if (matching.length !== 1) return { findings: [{ message: `${matching.length} ${what}s are listed, expected exactly one` }], judged: 1 };
    return { findings: stateProblems(matching[0]!, args).map((message) => ({ message: `${what}: ${message}` })), judged: 1 };
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
  // R50: the listing may give the URL in its normalised form (scheme and host case, default port, empty path).
  if (args.callback_url !== undefined && normalisedUrl(subscription.callback_url) !== normalisedUrl(args.callback_url)) {
    problems.push(`callback_url is ${JSON.stringify(subscription.callback_url)}, expected ${args.callback_url}`);
  }
  return problems;
}

/** WHATWG URL serialisation (R50); a value that is not a URL stays as it is, so it can still differ. */
function normalisedUrl(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return new URL(value).href;
  } catch {
    return value;
  }
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { at, UserInputError } from '../errors.js';
import { matchesRule } from '../suite/select-rules.js';
import type { Suite } from '../suite/suite.js';
import { parseValidated } from '../validation/parse-validated.js';

/** Why recorded traffic cannot show a rule's statement (schemas/passive-reasons.schema.json). */
export type PassiveReasonKind =
  | 'token'
  | 'history'
  | 'clock'
  | 'acceptance'
  | 'fixture'
  | 'profile'
  | 'chosen'
  | 'twins'
  | 'window'
  | 'media';

/** How the console names each kind, after a count of rules. */
export const REASON_GROUPS: Record<PassiveReasonKind, string> = {
  token: "turn on the token's kind, permissions or issue (a recording shows a placeholder)",
  history: 'compare an answer with what earlier exchanges wrote, deleted or subscribed',
  clock: "need the target's clock moved (control protocol)",
  acceptance: 'say a request is accepted (a recorded refusal may have another cause)',
  fixture: 'need to know which object a path names (a thread, a video, a template)',
  profile: "need what only the target's profile says (its versions, the served-version header)",
  chosen: 'compare with what the run chose or set up (injected values, its receiver, callbacks, content host)',
  twins: 'compare requests made alike but for one thing',
  window: "judge the authorization window (the person's decision is not in the traffic)",
  media: 'measure a file the target serves',
};

export interface PassiveReason {
  kind: PassiveReasonKind;
  why: string;
}

/** The reason of each service rule without a passive form, by rule id. */
export type PassiveReasons = ReadonlyMap<string, PassiveReason>;

/** Where a suites folder keeps its reasons (the shipped one: suites/passive/reasons.yaml). */
export function passiveReasonsFile(suitesDir: string): string {
  return join(suitesDir, 'passive', 'reasons.yaml');
}

/**
 * Reads a reasons file against the suites: each name (an id or a glob) must match a service rule that has no
 * passive form, and no rule may be given two reasons. A suites folder without the file gives no reasons.
 */
export async function loadPassiveReasons(file: string, suites: Suite[]): Promise<PassiveReasons> {
  const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the reasons file (${e.code ?? e.message}): check its permissions`);
  });
  if (text === undefined) return new Map();
  const parsed = parseValidated(text, 'passive-reasons');
  if ('error' in parsed) throw new UserInputError('REASONS_INVALID', at(file, parsed.error.line, parsed.error.message));
  const entries = (parsed.value as { reasons: Array<PassiveReason & { rules: string[] }> }).reasons;
  const service = suites.flatMap((s) => s.rules).filter((rule) => (rule.side ?? 'service') === 'service');
  const reasons = new Map<string, PassiveReason>();
  entries.forEach((entry, e) => {
    entry.rules.forEach((name, r) => {
      const where = (fix: string) => new UserInputError('REASONS_INVALID', at(file, parsed.lineOf(`/reasons/${e}/rules/${r}`), `${name}: ${fix}`));
      const matched = service.filter((rule) => matchesRule(name, rule.id));
      if (matched.length === 0) throw where('matches no service rule; remove it, or name the rule as the suites do');
      const passive = matched.find((rule) => rule.passive);
      if (passive) throw where(`${passive.id} has a passive: block, so recorded traffic judges it; remove it here`);
      const twice = matched.find((rule) => reasons.has(rule.id));
      if (twice) throw where(`${twice.id} already has a reason above; give each rule one`);
      for (const rule of matched) reasons.set(rule.id, { kind: entry.kind, why: entry.why });
    });
  });
  return reasons;
}

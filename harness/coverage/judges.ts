import type { Citation, Strength } from '../model/index.js';
import type { RuleOrigin, RuleSide, Suite } from '../suite/suite.js';

/**
 * What may judge statements: a suite rule, with whose behaviour it judges (the service's, a client's requests, an
 * app's callback), how strongly, and whether a person wrote it or the sweeps generated it.
 */
export interface Judge {
  id: string;
  title: string;
  cites: Citation[];
  side: RuleSide;
  strength: Strength;
  origin: RuleOrigin;
}

/** A judge as a statement's entry names it. */
export type JudgeRef = Omit<Judge, 'cites' | 'title'>;

/** The rules of the suites, each with its cites of the spec, its side, strength and origin (defaults filled in). */
export function suiteJudges(suites: Suite[]): Judge[] {
  return suites.flatMap((s) =>
    s.rules.map((rule) => ({
      id: rule.id,
      title: rule.title,
      cites: rule.cites,
      side: rule.side ?? 'service',
      strength: rule.strength,
      origin: rule.origin ?? 'hand',
    })),
  );
}

/**
 * Whether a judge judges a statement of this strength as the service's behaviour: a service rule (a client-side or
 * callback rule judges someone else), no weaker than the statement (a SHOULD rule does not judge a MUST statement:
 * it lets a target that breaks it pass with a warning).
 */
export function judgesAtStrength(judge: JudgeRef, strength: Strength): boolean {
  return judge.side === 'service' && (judge.strength === 'MUST' || strength === 'SHOULD');
}

/** How a judge is named beside a statement when it does not judge it at the statement's strength. */
export function judgeNote(judge: JudgeRef): string | undefined {
  if (judge.side === 'client') return 'client-side';
  if (judge.side === 'callback') return 'callback';
  if (judge.strength === 'SHOULD') return 'SHOULD';
  return undefined;
}

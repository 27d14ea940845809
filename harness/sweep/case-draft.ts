// What a sweep case is, shared by the cases a parameter's notes state (sweep-cases.ts) and those its type word
// rules out (type-word-cases.ts), and read by the rules made of them (sweep-rules.ts).

/** The sweeps a parameter can get, each a rule per operation. */
export const SWEEP_KINDS = ['tokens', 'bounds', 'listed', 'types', 'required', 'defaults'] as const;
export type SweepKind = (typeof SWEEP_KINDS)[number];

/** What a case expects: accepted, refused as an invalid value (R1's codes), or refused (only "an error"). */
export type CaseOutcome = 'accepted' | 'invalid' | 'refused';

/** A case of one parameter: the value sent in its place (or its removal) and what must come of it. */
export interface CaseDraft {
  name: string;
  value: unknown;
  outcome: CaseOutcome;
  why: string;
  /** Readings the case leans on (R55 for a Boolean's spellings). */
  readings?: string[];
}

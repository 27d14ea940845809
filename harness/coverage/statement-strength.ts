import type { Strength } from '../model/index.js';
import type { Statement } from './spec-statements.js';

/**
 * The spec states facts ("values above 100 give an error") and, a few times, advice ("Specifying a version is
 * recommended."). A statement is SHOULD when it advises, MUST otherwise. A statement that mixes a bound and a
 * recommendation ("2 seconds recommended, never above 4 seconds", "10 MB; .png 1 MB recommended") keeps its bound,
 * so only "should", "is recommended" and "but recommended" make advice, never a bare "recommended" beside a value.
 */
const ADVICE = /\b(?:should|(?:is|are|but) recommended)\b/i;

export function statementStrength(statement: Statement): Strength {
  return ADVICE.test(statement.normalised) ? 'SHOULD' : 'MUST';
}

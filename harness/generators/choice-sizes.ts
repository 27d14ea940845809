/**
 * The sizes of the small domains a rule's choices range over, apart from the arbitraries that draw them: `list
 * --verbose` says what each rule covers without loading fast-check.
 */

/** An integer range this narrow is a choice too (`failures: 1 to 3`): each count may judge something else. */
export const FEW_INTEGERS = 6;

/** The details a near miss may change; the first four unless a rule names its own. */
export const NEAR_MISS_KINDS = ['slash', 'case', 'port', 'segment', 'scheme', 'host'] as const;
export type NearMissKind = (typeof NEAR_MISS_KINDS)[number];

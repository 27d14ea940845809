/**
 * The yaml package refuses a document whose aliases expand past a bound (a "billion laughs" file) with a
 * ReferenceError rather than a parse error; this turns it into the sentence a user can act on.
 */
export function excessiveAliases(error: unknown): string | undefined {
  if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) return undefined;
  return 'its aliases (*name) expand too far, as in a resource-exhaustion file: write the values out instead';
}

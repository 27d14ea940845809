/**
 * The verify tokens a verification request may carry: the configured one, or one the receiver must refuse. The
 * near misses are what a sloppy comparison lets through: a prefix or case-insensitive match misses one
 * character off, a truthiness test misses the empty string, a trimmed comparison misses a trailing space.
 */
export const TOKEN_VARIANTS = ['configured', 'wrong', 'one-char-off', 'empty', 'trailing-space'] as const;
export type TokenVariant = (typeof TOKEN_VARIANTS)[number];

export function tokenVariant(token: string, variant: TokenVariant): string {
  switch (variant) {
    case 'configured':
      return token;
    case 'wrong':
      return token === 'graphcheck-wrong-token' ? 'graphcheck-other-token' : 'graphcheck-wrong-token';
    case 'one-char-off':
      // The last character replaced: a prefix comparison passes it, so does a case-insensitive one when it is X.
      return token.slice(0, -1) + (token.endsWith('x') ? 'y' : 'x');
    case 'empty':
      return '';
    case 'trailing-space':
      return `${token} `;
  }
}

/** Every variant that reveals the token (all but the plain wrong and empty ones): redacted from evidence. */
export function revealingVariants(token: string): string[] {
  return (['configured', 'one-char-off', 'trailing-space'] as const).map((v) => tokenVariant(token, v));
}

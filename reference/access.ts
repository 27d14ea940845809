import { permissionError } from './graph-error.js';
import { requireToken } from './tokens.js';
import type { RefRequest, TokenInfo } from './types.js';

export interface PageNeeds {
  /** The person must be able to perform at least one of these tasks. */
  anyTask: string[];
  /** The token must carry every one of these permissions. */
  permissions: string[];
}

/**
 * A Page token of `pageId` meeting `needs`, else code 200 (code 190 when no token was sent). `lenient` is a
 * fault switch that skips the code-200 checks.
 */
export function requirePageToken(
  req: RefRequest,
  pageId: string,
  needs: PageNeeds,
  lenient: boolean,
): TokenInfo {
  const token = requireToken(req);
  if (lenient) return token;
  if (token.kind !== 'page' || token.pageId !== pageId) {
    throw permissionError(`A Page access token of Page ${pageId} is required for this call.`);
  }
  if (!needs.anyTask.some((task) => token.tasks.includes(task))) {
    throw permissionError(
      `The person behind the token must be able to perform ${needs.anyTask.join(' or ')}.`,
    );
  }
  const missing = needs.permissions.filter((p) => !token.permissions.includes(p));
  if (missing.length > 0) throw permissionError(`Requires the ${missing.join(', ')} permission(s).`);
  return token;
}

/** The app access token; anything else is code 200 (or 190 when no token was sent). */
export function requireAppToken(req: RefRequest, lenient: boolean): TokenInfo {
  const token = requireToken(req);
  if (token.kind !== 'app' && !lenient)
    throw permissionError('An app access token is required for this call.');
  return token;
}

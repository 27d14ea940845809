import { permissionError } from '../../graph-error.js';
import { requireToken } from '../../tokens.js';
import type { RefContext, RefRequest } from '../../types.js';

const MANAGE = ['msgapp_business_management'];
/** Template read: "permissions msgapp_business_management, msgapp_business_messaging, public_profile". */
export const READ_PERMISSIONS = ['msgapp_business_management', 'msgapp_business_messaging', 'public_profile'];

/**
 * A user (or system user) token with the messaging permissions; a Page token is not a user token (R42), so
 * it is code 200. The spec names the token only for template read; the others take the same (readings §B).
 */
export function requireMsgappToken(req: RefRequest, ctx: RefContext, permissions = MANAGE): void {
  if (!req.token && ctx.faults.has('templates-read-without-token')) return;
  const token = requireToken(req);
  if (token.kind === 'page' && ctx.faults.has('templates-page-token-accepted')) return;
  if (token.kind === 'app' && ctx.faults.has('templates-app-token-accepted')) return;
  if (token.kind !== 'user' && token.kind !== 'system_user') {
    throw permissionError('Message templates need a user access token of the messaging business account.');
  }
  const missing = permissions.filter((p) => !token.permissions.includes(p));
  if (missing.length > 0) throw permissionError(`Requires the ${missing.join(', ')} permission(s).`);
}

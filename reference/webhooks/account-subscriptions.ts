import type { Outcome, WebhookDeps } from './types.js';

/**
 * Fields that neither Page-based variant (B or C) of the photo-sharing network can subscribe to; requests of the
 * two variants look alike, so only these are refused (R41).
 */
const UNAVAILABLE_IN_B_AND_C = new Set(['messaging_optins']);

/** `/{account_id}/subscribed_apps`: the installations, with the fields each asked for. */
export function createAccountSubscriptions(deps: WebhookDeps): {
  subscribe(accountId: string, fields: string[]): Outcome;
  /** Whether the app is installed on this account (a Page): its `page` updates are delivered (spec: Rules). */
  installed(accountId: string): boolean;
  clear(): void;
} {
  const accounts = new Map<string, string[]>();
  return {
    subscribe(accountId, fields) {
      const named = fields.map((f) => f.trim()).filter((f) => f !== '');
      if (named.length === 0)
        return { ok: false, message: 'subscribed_fields must name at least one webhook field' };
      const refused = deps.fault('subscriptions-optins-accepted')
        ? []
        : named.filter((f) => UNAVAILABLE_IN_B_AND_C.has(f));
      if (refused.length > 0) {
        return {
          ok: false,
          message: `subscribed_fields: ${refused.join(', ')} cannot be subscribed on this account`,
        };
      }
      // Account-level customisation is not supported: the account gets every field the app subscribes to.
      if (!deps.fault('subscriptions-subscribed-apps-no-install')) {
        accounts.set(accountId, [...new Set([...(accounts.get(accountId) ?? []), ...named])]);
      }
      return { ok: true };
    },
    installed: (accountId) => accounts.has(accountId),
    clear: () => accounts.clear(),
  };
}

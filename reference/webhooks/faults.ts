/**
 * The webhook service's fault switches: each is a deliberate bug that at least one conformance rule must catch.
 * Names start with `webhooks-` (delivery) or `subscriptions-` (the subscriptions edge and its verification).
 */
export const WEBHOOK_FAULTS: Record<string, { area: string; description: string }> = {
  'webhooks-wrong-signature-key': {
    area: 'events',
    description: 'Signs notifications with the app id instead of the app secret.',
  },
  'webhooks-signature-reserialized': {
    area: 'events',
    description: 'Signs a compact re-serialisation of the payload but sends it pretty-printed (other bytes).',
  },
  'webhooks-signature-no-prefix': {
    area: 'events',
    description: 'Sends X-Hub-Signature-256 as bare hex, without the `sha256=` prefix.',
  },
  'webhooks-no-retry': {
    area: 'events',
    description: 'Drops a notification after its first failed attempt.',
  },
  'webhooks-no-immediate-retry': {
    area: 'events',
    description: 'Skips the immediate retry; the first retry waits a minute on the clock.',
  },
  'webhooks-shrinking-intervals': {
    area: 'events',
    description: 'Retries at shrinking intervals (12 h, 6 h, 2 h, 30 min, 5 min, 1 min).',
  },
  'webhooks-retry-past-36h': {
    area: 'events',
    description: 'Adds a last retry about 44.6 h after the first attempt.',
  },
  'webhooks-batch-over-1000': {
    area: 'events',
    description: 'Puts every pending update of a callback into one batch, however many.',
  },
  'webhooks-include-values-ignored': {
    area: 'events',
    description: 'Always sends `changed_fields`, never `changes`, whatever `include_values` says.',
  },
  'webhooks-unsubscribed-fields-delivered': {
    area: 'events',
    description: 'Delivers updates of fields the subscription does not name.',
  },
  'webhooks-send-when-not-live': {
    area: 'events',
    description: 'Delivers notifications while the app is not Live.',
  },
  'webhooks-object-always-page': {
    area: 'events',
    description: 'Writes `"object": "page"` on every notification, those carrying `user` updates included.',
  },
  'webhooks-wrong-content-type': {
    area: 'events',
    description: 'Sends notifications as `text/plain`.',
  },
  'webhooks-time-not-seconds': {
    area: 'events',
    description: 'Stamps `entry[].time` in milliseconds.',
  },
  'webhooks-drop-updates': {
    area: 'events',
    description: 'Silently drops every second update of each accepted group.',
  },
  'webhooks-mtls-no-client-cert': {
    area: 'events',
    description: 'Presents no client certificate on callback connections even when mTLS is configured.',
  },
  'subscriptions-wrong-challenge-accepted': {
    area: 'subscriptions',
    description: 'Accepts any 2xx answer to the verification GET, whatever its body.',
  },
  'subscriptions-self-signed-accepted': {
    area: 'subscriptions',
    description: 'Does not verify callback certificates (self-signed and untrusted ones pass).',
  },
  'subscriptions-http-accepted': {
    area: 'subscriptions',
    description: 'Accepts plain http:// callback URLs.',
  },
  'subscriptions-fields-overwritten': {
    area: 'subscriptions',
    description: 'An amending POST replaces the subscribed fields instead of adding to them.',
  },
  'subscriptions-deleted-fields-return': {
    area: 'subscriptions',
    description: 'An amending POST brings back the fields a DELETE with `fields` removed from that object.',
  },
  'subscriptions-delete-fields-removes-all': {
    area: 'subscriptions',
    description: 'DELETE with `fields` removes the whole subscription.',
  },
  'subscriptions-no-verification': {
    area: 'subscriptions',
    description: 'Sends no verification GET and accepts any callback URL.',
  },
  'subscriptions-unreachable-accepted': {
    area: 'subscriptions',
    description: 'Accepts a callback URL that cannot be reached (connection refused or timed out).',
  },
  'subscriptions-list-shape': {
    area: 'subscriptions',
    description: 'GET lists each subscription with `fields` as one comma-separated string and without `active`.',
  },
  'subscriptions-repost-refused': {
    area: 'subscriptions',
    description: 'A POST for an object that already has a subscription is refused instead of reactivating it.',
  },
  'subscriptions-delete-object-removes-all': {
    area: 'subscriptions',
    description: 'DELETE with `object` (and no `fields`) removes the subscriptions of every object.',
  },
  'subscriptions-delete-all-ignored': {
    area: 'subscriptions',
    description: 'DELETE with neither `object` nor `fields` answers success but removes nothing.',
  },
  'subscriptions-subscribed-apps-shape': {
    area: 'subscriptions',
    description: 'POST `/{account_id}/subscribed_apps` answers `{success: "true"}` (a string) on success.',
  },
  'webhooks-empty-entry': {
    area: 'events',
    description: 'Sends one more notification per batch whose `entry` is an empty list.',
  },
  'webhooks-user-uid-as-number': {
    area: 'events',
    description: "Writes a user object's `entry[].uid` as a number instead of a string.",
  },
  'webhooks-retry-keeps-first-time': {
    area: 'events',
    description: "Stamps every retry with the first attempt's `entry[].time` instead of its own sending time.",
  },
  'webhooks-retry-after-ack': {
    area: 'events',
    description: 'Sends a notification once more a minute after the receiver acknowledged it with 200.',
  },
  'webhooks-mtls-wrong-intermediate': {
    area: 'events',
    description: 'Sends the client certificate again where its intermediate belongs: the leaf comes without its issuer.',
  },
  'subscriptions-subscribed-apps-no-install': {
    area: 'subscriptions',
    description: 'POST `/{account_id}/subscribed_apps` answers success but does not install the app: the Page gets no updates.',
  },
  'subscriptions-optins-accepted': {
    area: 'subscriptions',
    description: 'POST `/{account_id}/subscribed_apps` accepts `messaging_optins`, a field neither Page-based variant offers (R41).',
  },
  'subscriptions-include-values-unchecked': {
    area: 'subscriptions',
    description: 'POST `/{app_id}/subscriptions` reads any `include_values` other than true as false instead of refusing it.',
  },
  'subscriptions-delete-object-unchecked': {
    area: 'subscriptions',
    description: 'DELETE `/{app_id}/subscriptions` accepts an `object` outside user, page, permissions, payments.',
  },
  'subscriptions-no-reverification': {
    area: 'subscriptions',
    description: 'A POST for an object already subscribed (reactivating or amending) sends no verification GET.',
  },
  'subscriptions-error-status-accepted': {
    area: 'subscriptions',
    description: 'Accepts a verification answer with a 4xx or 5xx status when its body echoes the challenge.',
  },
  'subscriptions-refused-callback-kept': {
    area: 'subscriptions',
    description: 'A POST whose callback fails verification answers an error but still stores an active subscription.',
  },
  'subscriptions-expired-certificate-accepted': {
    area: 'subscriptions',
    description: 'Accepts a callback whose certificate has expired.',
  },
  'subscriptions-wrong-host-accepted': {
    area: 'subscriptions',
    description: 'Accepts a callback whose certificate was issued for another host name.',
  },
  'subscriptions-verify-token-unencoded': {
    area: 'subscriptions',
    description: 'Writes `hub.verify_token` into the verification URL unencoded (spaces, `&`, `=`, `+`, `%` and non-ASCII break it).',
  },
  'subscriptions-delete-keeps-delivering': {
    area: 'subscriptions',
    description: 'DELETE answers success and the list drops the subscription, but its updates are still delivered.',
  },
  'subscriptions-paging-skips': {
    area: 'subscriptions',
    description: 'Following `after` on the subscriptions list (and so `paging.next`) skips the first subscription of the next page.',
  },
};

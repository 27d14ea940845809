import type { FaultCatalogue } from '../webhook-seam.js';
import { faultsOf } from './faults-of.js';

/** Deliberate bugs of token checks that are not tied to one endpoint group. */
export const ACCESS_FAULTS: FaultCatalogue = {
  ...faultsOf('tokens', {
    'tokens-unknown-accepted': 'A token the target never issued is served as the full Page token (no code 190).',
    'tokens-body-ignored':
      'An `access_token` sent in the form or multipart body is not read: the request counts as without one.',
  }),
  ...faultsOf('subscriptions', {
    'subscriptions-non-app-token-accepted':
      '`/{app_id}/subscriptions` accepts a Page or User token instead of requiring the app token.',
    'subscriptions-missing-token-served':
      'GET, POST and DELETE `/{app_id}/subscriptions` without `access_token` are served as if the app token had been sent.',
    'subscriptions-object-enum-unchecked':
      'POST `/{app_id}/subscriptions` accepts an `object` outside user, page, permissions, payments.',
    'subscriptions-imgnet-msgapp-accepted':
      'POST `/{app_id}/subscriptions` accepts the photo-sharing and messaging objects (`imgnet`, `msgapp_business_account`, ...), which are configured in the dashboard.',
  }),
  ...faultsOf('tokens', {
    'tokens-missing-served': 'A request without `access_token` is served as if it carried the full Page token.',
  }),
  ...faultsOf('conventions', {
    'params-post-query-ignored':
      'Every POST reads its parameters from the body only: those in the query string are ignored.',
    'conventions-create-answers-text':
      'A post created on the feed is answered as the text `id=<id>` instead of a JSON object.',
  }),
};

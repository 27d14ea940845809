import type { FaultCatalogue } from '../webhook-seam.js';

/** Deliberate bugs of token checks that are not tied to one endpoint group. */
export const ACCESS_FAULTS: FaultCatalogue = {
  'tokens-unknown-accepted': {
    area: 'tokens',
    description: 'A token the target never issued is served as the full Page token (no code 190).',
  },
  'tokens-body-ignored': {
    area: 'tokens',
    description: 'An `access_token` sent in the form or multipart body is not read: the request counts as without one.',
  },
  'subscriptions-non-app-token-accepted': {
    area: 'subscriptions',
    description: '`/{app_id}/subscriptions` accepts a Page or User token instead of requiring the app token.',
  },
  'subscriptions-object-enum-unchecked': {
    area: 'subscriptions',
    description:
      'POST `/{app_id}/subscriptions` accepts an `object` outside user, page, permissions, payments.',
  },
  'subscriptions-imgnet-msgapp-accepted': {
    area: 'subscriptions',
    description:
      'POST `/{app_id}/subscriptions` accepts the photo-sharing and messaging objects (`imgnet`, `msgapp_business_account`, ...), which are configured in the dashboard.',
  },
  'tokens-missing-served': {
    area: 'tokens',
    description: 'A request without `access_token` is served as if it carried the full Page token.',
  },
  'params-post-query-ignored': {
    area: 'conventions',
    description: 'Every POST reads its parameters from the body only: those in the query string are ignored.',
  },
  'conventions-create-answers-text': {
    area: 'conventions',
    description: 'A post created on the feed is answered as the text `id=<id>` instead of a JSON object.',
  },
};

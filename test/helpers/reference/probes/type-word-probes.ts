import { call } from '../reference-client.js';
import { outcome, post, type Probe, type ProbeEnv, page } from './probe-kit.js';

/** Probes of the type-word faults (reference/fault-catalogue/type-words.ts): the value the word rules out, sent. */
const children = (env: ProbeEnv, n: number) =>
  JSON.stringify(Array.from({ length: n }, (_, i) => ({ link: `${env.host}/ok/${i}`, picture: 'p' })));

export const TYPE_WORD_PROBES: Record<string, Probe> = {
  'feed-relationship-statuses-negative-accepted': (env) =>
    outcome(post(env, { message: 'm', feed_targeting: JSON.stringify({ relationship_statuses: [-1] }) })),
  'feed-action-link-not-url-accepted': (env) =>
    outcome(post(env, { message: 'm', actions: JSON.stringify([{ link: 'not a url', name: 'Visit' }]) })),
  'feed-child-attachments-eleven-accepted': (env) =>
    outcome(post(env, { message: 'm', child_attachments: children(env, 11) })),
  'photos-tag-text-unchecked': (env) =>
    outcome(
      call(env.ref, 'POST', `/v25.0/${env.ref.pageId}/photos`, {
        form: { access_token: page(env), vault_image_id: '1', published: 'false', tags: JSON.stringify([{ x: 1, y: 2, tag_text: { a: 1 } }]) },
      }),
    ),
};

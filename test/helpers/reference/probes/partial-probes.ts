import { png, uploadPhoto } from '../photos-client.js';
import { call } from '../reference-client.js';
import { feed, outcome, type Probe, type ProbeEnv, page, post } from './probe-kit.js';

/** A post and a photo the probe made, each read at its own id (endpoints the spec does not state). */
const readsById = async (env: ProbeEnv) => {
  const { body: created } = await post(env, { message: 'm' });
  const { body: photo } = await uploadPhoto(env.ref, {}, png());
  const at = (id: string) => outcome(call(env.ref, 'GET', `/v25.0/${id}`, { query: { access_token: page(env) } }));
  return [await at(String(created.id)), await at(String(photo.id))];
};

export const PARTIAL_PROBES: Record<string, Probe> = {
  'feed-unserved': (env) => outcome(feed(env, { limit: 1 })),
  'reads-unstated-refused': readsById,
};

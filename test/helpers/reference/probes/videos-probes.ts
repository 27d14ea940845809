import { call } from '../reference-client.js';
import { outcome, type Probe, type ProbeEnv, page } from './probe-kit.js';

const send = (env: ProbeEnv, method: string, path: string) =>
  call(env.ref, method, `/v25.0${path}`, { query: { access_token: page(env) } });

const readAfterDelete = async (env: ProbeEnv, id: string) => {
  await send(env, 'DELETE', `/${id}`);
  return outcome(send(env, 'GET', `/${id}`));
};

export const VIDEOS_PROBES: Record<string, Probe> = {
  'videos-delete-ignored': (env) => readAfterDelete(env, '5000001'),
  'videos-live-delete-ignored': (env) => readAfterDelete(env, '6000001'),
  'videos-edge-missing': (env) => outcome(send(env, 'GET', '/5000001/video_insights')),
  'videos-live-edge-missing': (env) => outcome(send(env, 'GET', '/6000001/reactions')),
  'videos-create-unsupported': async (env) => [
    await outcome(send(env, 'POST', `/${env.ref.pageId}/videos`)),
    await outcome(send(env, 'POST', `/${env.ref.pageId}/live_videos`)),
  ],
  'videos-parent-listing-missing': (env) => outcome(send(env, 'GET', '/7000001/videos')),
  'videos-poll-missing': (env) => outcome(send(env, 'GET', '/6100001')),
};

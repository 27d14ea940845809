import { faultsOf } from './faults-of.js';

/** Deliberate bugs of the video and live video endpoints; each makes a rule fail. */
export const VIDEOS_FAULTS = faultsOf('videos', {
  'videos-delete-ignored': 'DELETE `/{video_id}` answers success but the video can still be read (breaks R27).',
  'videos-live-delete-ignored':
    'DELETE `/{live_video_id}` answers success but the live video can still be read (breaks R27).',
  'videos-edge-missing': 'GET `/{video_id}/video_insights` is an unsupported-operation error.',
  'videos-live-edge-missing': 'GET `/{live_video_id}/reactions` is an unsupported-operation error.',
  'videos-create-unsupported':
    'POST `/{page_id}/videos` and `/{page_id}/live_videos` are unsupported-operation errors.',
  'videos-parent-listing-missing':
    'GET `/{group_id}/videos`, `/{user_id}/videos` and the group, event and user `live_videos` are unsupported-operation errors.',
  'videos-poll-missing': 'GET and POST `/{video_poll_id}` are unsupported-operation errors.',
});

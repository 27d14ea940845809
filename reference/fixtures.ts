import { createHash } from 'node:crypto';
import type { TokenInfo } from './types.js';

/** Objects the suite cannot create through the interface (contract §1 `fixtures`). */
export const FIXTURES = {
  page_id: '2000001',
  thread_id: 't_1',
  msgapp_business_account_id: '3000001',
  product_feed_upload_id: '4000001',
  video_id: '5000001',
  live_video_id: '6000001',
  group_id: '7000001',
  event_id: '7100001',
  user_id: '7200001',
} as const;

/** Token-looking strings that are stable across runs, so cassettes recorded against the reference diff cleanly. */
export function stableSecret(prefix: string, seed: string, length = 40): string {
  return (
    prefix + createHash('sha256').update(`graphcheck-reference:${seed}`).digest('base64url').slice(0, length)
  );
}

export const APP = {
  id: '1000001',
  secret: stableSecret('', 'app-secret', 32),
  accessToken: `1000001|${stableSecret('', 'app-token', 27)}`,
  redirectUris: ['https://app.example/callback', 'https://app.example/other/'],
} as const;

export const PAGE_PERMISSIONS = [
  'pages_read_engagement',
  'pages_read_user_content',
  'pages_show_list',
  'pages_manage_posts',
  'pages_manage_engagement',
  'pages_manage_metadata',
  'pages_messaging',
  'business_management',
  'read_page_mailboxes',
];

const ALL_TASKS = ['CREATE_CONTENT', 'MANAGE', 'MODERATE'];

/** The profile's named tokens (contract §1 `tokens`), plus the app token. */
export const NAMED_TOKENS: Record<string, TokenInfo> = {
  page: pageToken('page', ALL_TASKS, PAGE_PERMISSIONS),
  page_no_manage_posts: pageToken(
    'page_no_manage_posts',
    ALL_TASKS,
    PAGE_PERMISSIONS.filter((p) => p !== 'pages_manage_posts'),
  ),
  page_no_moderate: pageToken('page_no_moderate', ['CREATE_CONTENT'], PAGE_PERMISSIONS),
  user: {
    token: stableSecret('EAAU', 'user'),
    kind: 'user',
    tasks: [],
    permissions: ['public_profile', 'pages_show_list', 'imgnet_basic'],
  },
  msgapp: {
    token: stableSecret('EAAU', 'msgapp'),
    kind: 'user',
    tasks: [],
    permissions: ['msgapp_business_management', 'msgapp_business_messaging', 'public_profile'],
  },
};

export const APP_TOKEN: TokenInfo = { token: APP.accessToken, kind: 'app', tasks: [], permissions: [] };

function pageToken(name: string, tasks: string[], permissions: string[]): TokenInfo {
  return { token: stableSecret('EAAP', name), kind: 'page', tasks, permissions, pageId: FIXTURES.page_id };
}

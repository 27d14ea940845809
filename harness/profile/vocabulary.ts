/**
 * The profile's vocabulary (contract §1), declared once: the control capabilities a target may serve, the tokens
 * and fixtures a profile may give, and the areas of the interface a target may serve apart, each with what
 * preflight asks the target about it. Everything else is derived from these: the `Profile` type, `schemas/profile-vocabulary.schema.json` (the profile's and the
 * suites' lists, written by `npm run regen`), the token words a request may name, and preflight's probes. A new
 * fixture or token is one entry here and `npm run regen`.
 */

/** The control capabilities (contract §2), in the contract's order. */
export const CAPABILITIES = ['profile', 'reset', 'clock', 'authorize', 'events', 'trust', 'app', 'deliveries', 'sessions'] as const;

/** A token the profile may give; its plainest reads are those of its areas (AREAS). */
type TokenEntry = Record<string, never>;

/** A fixture the profile may give, and the read preflight makes to see the object exists (code 100: it does not). */
interface FixtureEntry {
  probe?: string;
}

export const TOKENS = {
  page: {},
  page_no_manage_posts: {},
  page_no_moderate: {},
  user: {},
  msgapp: {},
} as const satisfies Record<string, TokenEntry>;

export const FIXTURES = {
  // The Page is vouched for by the reads of its areas (AREAS): it exists when one of them is accepted.
  page_id: {},
  thread_id: {},
  msgapp_business_account_id: {},
  product_feed_upload_id: { probe: '/{product_feed_upload_id}/errors' },
  video_id: { probe: '/{video_id}' },
  live_video_id: { probe: '/{live_video_id}' },
  group_id: {},
  event_id: {},
  user_id: {},
} as const satisfies Record<string, FixtureEntry>;

/**
 * A part of the interface a target may implement apart (a section of the spec's Endpoints, named as its suite is):
 * the paths it owns, and the plainest read the spec grants there, with the token it takes.
 */
export interface AreaEntry {
  paths: readonly string[];
  /** Preflight sends it when the selected rules reach the area (`{fixture}` filled from the profile). */
  read?: { token: TokenName; path: string; query?: Readonly<Record<string, string | number>> };
}

/**
 * The areas of the interface. A token's plainest reads are those of its areas: preflight vouches for a token when
 * one of them is accepted, and an area whose read is refused while the same token is accepted elsewhere is one the
 * target does not serve (a partial implementation): rules of other areas that need it are skipped, naming it.
 */
export const AREAS = {
  feed: { paths: ['/{page_id}/feed'], read: { token: 'page', path: '/{page_id}/feed', query: { limit: 1 } } },
  photos: { paths: ['/{page_id}/photos'], read: { token: 'page', path: '/{page_id}/photos' } },
  comments: { paths: ['/{object_id}/comments'] },
  templates: {
    paths: ['/{msgapp_business_account_id}/message_templates'],
    read: { token: 'msgapp', path: '/{msgapp_business_account_id}/message_templates', query: { limit: 1 } },
  },
  'product-feed': { paths: ['/{product_feed_upload_id}/errors'] },
  subscriptions: { paths: ['/{app_id}/subscriptions'] },
  webhooks: { paths: ['/{account_id}/subscribed_apps'] },
  authorization: { paths: ['/oauth/authorize', '/oauth/access_token'] },
} as const satisfies Record<string, AreaEntry>;

export type AreaName = keyof typeof AREAS;
export const AREA_NAMES = Object.keys(AREAS) as AreaName[];

export type Capability = (typeof CAPABILITIES)[number];
export type TokenName = keyof typeof TOKENS;
export type FixtureName = keyof typeof FIXTURES;

export const TOKEN_NAMES = Object.keys(TOKENS) as TokenName[];
export const FIXTURE_NAMES = Object.keys(FIXTURES) as FixtureName[];

/** What a request's `token:` may name: no token, the app's, one the target never issued, or a profile token. */
export const TOKEN_WORDS: readonly string[] = ['none', 'app', 'unissued', ...TOKEN_NAMES];

/** What a rule's `needs: { tokens }` may name: the app's token or a profile token. */
export const NEEDED_TOKENS: readonly string[] = ['app', ...TOKEN_NAMES];

/** A path with `{fixture}` parts filled from the profile's fixtures; undefined when one is missing. */
export function withFixtures(path: string, fixtures: Partial<Record<FixtureName, string>>): string | undefined {
  let missing = false;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = fixtures[name as FixtureName];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? undefined : filled;
}

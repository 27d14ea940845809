/**
 * The profile's vocabulary (contract §1), declared once: the control capabilities a target may serve, and the
 * tokens and fixtures a profile may give, each with what preflight asks the target about it. Everything else is
 * derived from these three: the `Profile` type, `schemas/profile-vocabulary.schema.json` (the profile's and the
 * suites' lists, written by `npm run regen`), the token words a request may name, and preflight's probes. A new
 * fixture or token is one entry here and `npm run regen`.
 */

/** The control capabilities (contract §2), in the contract's order. */
export const CAPABILITIES = ['profile', 'reset', 'clock', 'authorize', 'events', 'trust', 'app', 'deliveries'] as const;

/** A token the profile may give, and the plainest read the spec grants it (`{fixture}` filled from the profile). */
interface TokenEntry {
  /** Preflight sends it; a token without one is tried on the Page's feed, where only code 190 counts. */
  plainRead?: string;
}

/** A fixture the profile may give, and the read preflight makes to see the object exists (code 100: it does not). */
interface FixtureEntry {
  probe?: string;
}

export const TOKENS = {
  page: { plainRead: '/{page_id}/feed' },
  page_no_manage_posts: {},
  page_no_moderate: {},
  user: {},
  msgapp: { plainRead: '/{msgapp_business_account_id}/message_templates' },
} as const satisfies Record<string, TokenEntry>;

export const FIXTURES = {
  page_id: { probe: '/{page_id}/feed' },
  thread_id: {},
  msgapp_business_account_id: {},
  product_feed_upload_id: { probe: '/{product_feed_upload_id}/errors' },
  video_id: { probe: '/{video_id}' },
  live_video_id: { probe: '/{live_video_id}' },
  group_id: {},
  event_id: {},
  user_id: {},
} as const satisfies Record<string, FixtureEntry>;

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

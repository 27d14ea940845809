import { CLOCK_START } from '../../clock.js';
import { FIXTURES } from '../../fixtures.js';
import type { UnixSeconds } from '../../types.js';

export interface ThreadMessage {
  id: string;
  message: string;
  from: Profile;
  createdTime: UnixSeconds;
  /** Grey notices in the thread; `source(PARTICIPANTS)` leaves them out. */
  adminText: boolean;
}

type Profile = { id: string; name: string };

const PERSON: Profile = { id: FIXTURES.user_id, name: 'Reference User' };
const PAGE: Profile = { id: FIXTURES.page_id, name: 'Reference Page' };

/** Profiles subscribed to the fixture thread (`to`). */
export const THREAD_PROFILES = [PERSON, PAGE];

const LINES: Array<[Profile, string, boolean]> = [
  [PERSON, 'Hello, is the shop open today?', false],
  [PAGE, 'Reference Page accepted the conversation request.', true],
  [PAGE, 'Yes, until six.', false],
  [PAGE, 'Reference Page changed the theme of the conversation.', true],
  [PERSON, 'Thanks!', false],
];

/**
 * The fixture thread's messages, newest first: three by participants and two admin-text notices (contract
 * fixtures: at least one of each). The thread never changes, so it needs no state slice.
 */
export const THREAD_MESSAGES: ThreadMessage[] = LINES.map(([from, message, adminText], i) => ({
  id: `m_${i + 1}`,
  message,
  from,
  createdTime: CLOCK_START - (LINES.length - i) * 900,
  adminText,
})).reverse();

/** Messages unread and unseen by the session profile (the Page). */
export const THREAD_COUNTS = { unread: 1, unseen: 0 };

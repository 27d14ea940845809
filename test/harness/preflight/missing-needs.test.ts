import { describe, expect, it } from 'vitest';
import { needsOf } from '../../../harness/engine/needs.js';
import { missingNeed } from '../../../harness/preflight/rule-needs.js';
import { validateProfile } from '../../../harness/profile/load-profile.js';
import type { Rule } from '../../../harness/suite/suite.js';

const profile = validateProfile(
  {
    contract: 1,
    base_url: 'http://127.0.0.1:8080',
    versions: { latest: 'v25.0', usable: ['v25.0'] },
    app: { id: '1000001' },
    tokens: { page: 'page-token' },
    fixtures: { page_id: '2000001' },
  },
  'test profile',
);

/** A rule reading the target's clock, posting to the feed with the user's token, then reading a thread. */
const rule: Rule = {
  id: 'demo.many-needs',
  title: 'Needs many things',
  strength: 'MUST',
  cites: [],
  needs: { capabilities: ['clock', 'reset'] },
  steps: [
    { request: { method: 'POST', path: '/{{fixtures.page_id}}/feed', token: 'user', form: { scheduled_publish_time: '{{clock.now}}' } }, expect: ['ok'] },
    { request: { method: 'GET', path: '/{{fixtures.thread_id}}', token: 'page' }, expect: ['ok'] },
  ],
};

describe('a skipped rule names every need it lacks, not the first', () => {
  it('the tokens and fixtures, the control capabilities, the unserved area and the time, in one reason', () => {
    const reason = missingNeed(rule, needsOf(rule), profile, {
      unserved: new Map([['feed', "preflight's GET /2000001/feed answered HTTP 400"]]),
      timeProblem: "needs the target's time: the target serves no control clock",
    });
    expect(reason).toBe(
      [
      'the profile has no tokens.user, fixtures.thread_id',
      'needs the control capabilities "clock", "reset"; the profile has no control_url',
      "needs the feed area (/{page_id}/feed), which the target does not serve: preflight's GET /2000001/feed answered HTTP 400",
      "needs the target's time: the target serves no control clock",
      ].join('; '),
    );
  });

  it('nothing when the profile and the target give everything', () => {
    const full = { ...profile, control_url: 'http://127.0.0.1:8080/_control', capabilities: ['clock', 'reset'] as const };
    const enough = { ...full, capabilities: [...full.capabilities], tokens: { ...profile.tokens, user: 'u' }, fixtures: { ...profile.fixtures, thread_id: 't_1' } };
    expect(missingNeed(rule, needsOf(rule), enough)).toBeUndefined();
  });
});

import fc from 'fast-check';
import type { Profile } from '../profile/profile.js';

/**
 * One of the listed token kinds that the profile can send: `none` (no `access_token`) and `unissued` (a token
 * the target never issued) always; `app` when the profile has `app.access_token`; a profile token (`user`,
 * `page_no_manage_posts`, ...) when the profile has it. A rule tried with every token kind is not skipped because
 * one optional token is missing; the drawn kind shows in the counterexample.
 */
export function tokenKinds(kinds: string[], profile: Profile): fc.Arbitrary<string> {
  return fc.constantFrom(...usableTokenKinds(kinds, profile));
}

/** The listed kinds the profile can send, in their order; none is an error. */
export function usableTokenKinds(kinds: string[], profile: Profile): string[] {
  const usable = kinds.filter((kind) => {
    if (kind === 'none' || kind === 'unissued') return true;
    if (kind === 'app') return Boolean(profile.app.access_token);
    return Boolean(profile.tokens[kind as keyof Profile['tokens']]);
  });
  if (usable.length === 0) throw new Error(`the profile has none of the tokens ${kinds.join(', ')}`);
  return usable;
}

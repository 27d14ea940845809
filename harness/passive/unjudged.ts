/** Why a rule with a passive form judged nothing in a recording: what `check` counts and groups on the console. */
export type Unjudged =
  | { kind: 'no-exchange' }
  | { kind: 'no-credential-anywhere' }
  | { kind: 'no-twin'; count: number }
  | { kind: 'doubtful-refusals'; count: number }
  | { kind: 'no-walk' }
  | { kind: 'needs-profile'; detail: string }
  | { kind: 'nothing-judged'; detail: string };

/** The group a reason falls in, as the console names it (a count goes before it). */
export const UNJUDGED_GROUPS: Record<Unjudged['kind'], string> = {
  'no-exchange': 'found no recorded exchange they apply to',
  'no-credential-anywhere': 'saw requests without a credential, in traffic where no request carried one (stripped?)',
  'no-twin': 'saw only refusals, never the same operation accepted in the same state (R51)',
  'doubtful-refusals': 'saw refusals answered otherwise than they say, which another condition may explain',
  'no-walk': 'saw no recorded walk across two pages',
  'needs-profile': "need the target's profile (--profile)",
  'nothing-judged': 'matched exchanges that gave their checks nothing to judge',
};

/** The reason a skipped rule's result gives. */
export function unjudgedWords(why: Unjudged): string {
  switch (why.kind) {
    case 'no-exchange':
      return 'no recorded exchange this rule applies to';
    case 'no-credential-anywhere':
      return (
        'requests without a credential were recorded, but no request of this traffic carried one: a recording ' +
        'stripped of its credentials (a sanitized HAR export) cannot show that one was missing'
      );
    case 'no-twin':
      return (
        `the traffic shows the target refusing this ${why.count} time(s), but never accepting the same ` +
        'operation (method and path) in the same state: a refusal counts only next to an accepted valid request (R51)'
      );
    case 'doubtful-refusals':
      return (
        `${why.count} refusal(s) answered otherwise than this rule says, but something other than the request may ` +
        'have answered first (a code naming the token, the signature or a rate limit, a server failure, or a token ' +
        'the target never accepted for this operation in that state): not held against the target'
      );
    case 'no-walk':
      return (
        "no recorded walk crossed two pages (a page whose request is another page's `paging.next`, or that page's " +
        'request with `after` set to its `cursors.after`)'
      );
    case 'needs-profile':
      return `needs the target's profile for ${why.detail}: give --profile`;
    case 'nothing-judged':
      return why.detail;
  }
}

import type { Exchange } from '../model/index.js';
import type { Profile } from '../profile/profile.js';

/**
 * What `graphcheck check` knows of the recorded traffic beyond the exchanges a check is given: handed to checks
 * as the fact `traffic` by the passive judge (harness/passive/traffic-facts.ts), never by a run. Client-side checks
 * read it; a check that needs it and finds none judges nothing.
 */
export interface TrafficFacts {
  /** When the request reached the target, in ms on the target's clock as far as the traffic shows it. */
  targetTimeOf(exchange: Exchange): number;
  /**
   * How long after the redirect that issued an authorization code this exchange was sent, in ms of the target's
   * time; undefined when the traffic does not show the code's issue.
   */
  codeAgeMs(code: string, exchange: Exchange): number | undefined;
  /** The target's profile, when `check --profile` gave one. */
  profile?: Profile;
}

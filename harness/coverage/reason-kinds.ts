import type { ReasonKind } from '../suite/suite.js';

/**
 * The four kinds of reason a statement may stay unjudged for, in the order docs/coverage-reasons.md lists them.
 * Anything else a black-box rule could judge gets a rule, not a reason.
 */
export const REASON_KINDS: Record<ReasonKind, { title: string; meaning: string }> = {
  descriptive: {
    title: 'Descriptive',
    meaning:
      'The statement states no behaviour a request could show broken: an overview, a name or a definition, an ' +
      'example, a possibility ("may", "usually", "typically", "about" without a tolerance), or a fact about another ' +
      'interface (an SDK, a plugin, the advertising interface).',
  },
  'client-advice': {
    title: 'Client advice',
    meaning:
      "The statement asks something of the caller, the app's receiver or the media it sends, not of the service. A " +
      'client-side rule judges such advice where recorded traffic can show it; these cannot be shown in it.',
  },
  'not-shown': {
    title: 'Not shown',
    meaning:
      'The spec says the statement is not shown, or does not show what a rule would have to send or read to judge ' +
      'it (a payload, a shape, the condition that triggers an error). Readings table A says what must not be asserted.',
  },
  'beyond-contract': {
    title: 'Beyond the contract',
    meaning:
      'A behaviour of the service, but judging it needs what neither the interface nor the target contract gives: a ' +
      'fixture, token, account state or capability the profile cannot name (another Page, a boosted post, a live ' +
      'stream, app review), or an observation no operation offers.',
  },
};

export const REASON_KIND_ORDER = Object.keys(REASON_KINDS) as ReasonKind[];

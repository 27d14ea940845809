import { faultsOf } from './faults-of.js';

/** Deliberate bugs of version prefixes, fallback, the app default and the first-called history. */
export const VERSIONING_FAULTS = faultsOf('versioning', {
  'versioning-expired-version-refused': 'A call to an expired version is an error.',
  'versioning-fallback-to-latest':
    'An expired version is served by the latest version instead of the oldest usable one.',
  'versioning-unversioned-served-by-latest':
    'Unversioned calls are served by the latest version instead of `app_default`.',
  'versioning-downgrade-allowed':
    'The first-called history is not kept: usable versions older than the first one are served.',
  'versioning-unknown-version-accepted': 'A version that never existed (e.g. v99.0) is served by the latest version.',
  'versioning-no-served-header': 'Responses carry no `x-graph-version` header.',
  'versioning-history-keeps-newest':
    'The history keeps the newest version called instead of the first: an older version the app already called is refused.',
  'versioning-bare-path-unsupported':
    'Only versioned paths reach operations: a bare API path is an unsupported-operation error.',
  'versioning-older-version-error-code':
    'Under a usable version older than the latest, invalid-parameter errors carry code 1 instead of 100.',
  'versioning-latest-v26':
    'The versions run one later than the spec says: v26.0 is served as the latest (and the profile names it), ' +
    'though the latest version is v25.0.',
  'versioning-latest-retired-early':
    'The latest version is refused as deprecated from 2026-02-01 on the clock (a month on), though no later version is released.',
  'versioning-bare-path-list-without-paging': 'Unversioned calls answer list results without their `paging` object.',
  'versioning-templates-latest-only':
    'The message template endpoints are served under the latest version and the bare path only: under an older ' +
    'usable version they answer as an unsupported operation.',
});

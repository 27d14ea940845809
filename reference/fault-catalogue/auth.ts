import { faultsOf } from './faults-of.js';

/** Deliberate bugs of the authorization window, the `authorize` control and the code exchange. */
export const AUTH_FAULTS = faultsOf('auth', {
  'auth-code-reusable': 'A code can be exchanged more than once.',
  'auth-code-never-expires': 'A code can be exchanged more than 3600 s after issue.',
  'auth-code-marker-missing': 'The allow redirect has no `#_` after the code.',
  'auth-code-marker-inside': 'The `#_` is part of the code: the stripped code is refused, `code#_` is accepted.',
  'auth-state-altered': 'The redirect carries a different `state` than the one sent.',
  'auth-deny-missing-error-reason': 'The deny redirect has no `error_reason`.',
  'auth-deny-description-not-plus-joined':
    'The deny redirect joins the words of `error_description` with %20 instead of +.',
  'auth-redirect-trailing-slash-lenient':
    '`redirect_uri` matches a registered URI that differs only by a trailing slash.',
  'auth-redirect-case-lenient': '`redirect_uri` is compared case-insensitively.',
  'auth-scope-not-required': '`scope` may be missing or lack both `imgnet_basic` and `imgnet_business_basic`.',
  'auth-scope-space-separated-refused':
    'Only a comma-separated `scope` is understood: a space-separated one lacks the basic permission.',
  'auth-response-type-not-checked': '`response_type` may be missing or other than `code`.',
  'auth-client-id-not-required': '`client_id` may be missing.',
  'auth-code-race': 'The exchange awaits between checking and marking a code: concurrent exchanges can all succeed.',
  'auth-window-not-html': 'A valid window request answers JSON instead of an HTML page.',
  'auth-window-skipped': 'A valid window request shows no window: it redirects straight back to the app with a code.',
  'auth-secret-not-checked': 'The exchange ignores `client_secret`.',
  'auth-redirect-port-lenient':
    '`redirect_uri` is compared without its port: another port of a registered URI is accepted.',
  'auth-redirect-extra-segment-lenient': '`redirect_uri` may extend a registered URI with more path segments.',
  'auth-redirect-uri-not-required': 'A missing `redirect_uri` falls back to the first registered URI.',
  'auth-client-id-any': 'Any numeric `client_id` is accepted, not only the app id.',
  'auth-code-lifetime-too-short': 'Codes expire 3000 s after issue instead of after an hour.',
  'auth-code-marker-tolerated': 'The exchange strips a trailing `#_` itself, so `code#_` is accepted (R37).',
  'auth-issued-token-unknown': 'The token an exchange answers is unknown to the API: using it gives code 190.',
  'auth-window-post-issues-code': 'A POST to the window is taken for consent: it redirects to the app with a code.',
  'auth-window-write-methods-served': 'PUT and DELETE on the window answer the window page instead of an error.',
  'auth-window-needs-token':
    'The window refuses a request without `access_token` (code 190), though it has no requirements.',
  'auth-client-id-leading-digits':
    '`client_id` is read by its leading digits: the app id followed by letters is accepted.',
  'auth-redirect-scheme-lenient':
    '`redirect_uri` is compared without its scheme: http for a registered https URI is accepted.',
  'auth-redirect-host-extension-lenient':
    '`redirect_uri` matches when its host contains a registered host (`x.app.example`, `app.example.x`).',
  'auth-deny-issues-code': 'The deny redirect carries a `code` before its error parameters.',
  'auth-state-always-sent': 'The allow redirect carries an empty `state` when the request sent none.',
});

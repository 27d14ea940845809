import type { FaultCatalogue } from '../webhook-seam.js';

const area = 'auth';

/** Deliberate bugs of the authorization window, the `authorize` control and the code exchange. */
export const AUTH_FAULTS: FaultCatalogue = {
  'auth-code-reusable': { area, description: 'A code can be exchanged more than once.' },
  'auth-code-never-expires': { area, description: 'A code can be exchanged more than 3600 s after issue.' },
  'auth-code-marker-missing': { area, description: 'The allow redirect has no `#_` after the code.' },
  'auth-code-marker-inside': {
    area,
    description: 'The `#_` is part of the code: the stripped code is refused, `code#_` is accepted.',
  },
  'auth-state-altered': { area, description: 'The redirect carries a different `state` than the one sent.' },
  'auth-deny-missing-error-reason': { area, description: 'The deny redirect has no `error_reason`.' },
  'auth-deny-description-not-plus-joined': {
    area,
    description: 'The deny redirect joins the words of `error_description` with %20 instead of +.',
  },
  'auth-redirect-trailing-slash-lenient': {
    area,
    description: '`redirect_uri` matches a registered URI that differs only by a trailing slash.',
  },
  'auth-redirect-case-lenient': { area, description: '`redirect_uri` is compared case-insensitively.' },
  'auth-scope-not-required': {
    area,
    description: '`scope` may be missing or lack both `imgnet_basic` and `imgnet_business_basic`.',
  },
  'auth-scope-space-separated-refused': {
    area,
    description:
      'Only a comma-separated `scope` is understood: a space-separated one lacks the basic permission.',
  },
  'auth-response-type-not-checked': {
    area,
    description: '`response_type` may be missing or other than `code`.',
  },
  'auth-client-id-not-required': { area, description: '`client_id` may be missing.' },
  'auth-code-race': {
    area,
    description:
      'The exchange awaits between checking and marking a code: concurrent exchanges can all succeed.',
  },
  'auth-window-not-html': {
    area,
    description: 'A valid window request answers JSON instead of an HTML page.',
  },
  'auth-window-skipped': {
    area,
    description: 'A valid window request shows no window: it redirects straight back to the app with a code.',
  },
  'auth-secret-not-checked': { area, description: 'The exchange ignores `client_secret`.' },
  'auth-redirect-port-lenient': {
    area,
    description: '`redirect_uri` is compared without its port: another port of a registered URI is accepted.',
  },
  'auth-redirect-extra-segment-lenient': {
    area,
    description: '`redirect_uri` may extend a registered URI with more path segments.',
  },
  'auth-redirect-uri-not-required': {
    area,
    description: 'A missing `redirect_uri` falls back to the first registered URI.',
  },
  'auth-client-id-any': { area, description: 'Any numeric `client_id` is accepted, not only the app id.' },
  'auth-code-lifetime-too-short': {
    area,
    description: 'Codes expire 3000 s after issue instead of after an hour.',
  },
  'auth-code-marker-tolerated': {
    area,
    description: 'The exchange strips a trailing `#_` itself, so `code#_` is accepted (R37).',
  },
  'auth-issued-token-unknown': {
    area,
    description: 'The token an exchange answers is unknown to the API: using it gives code 190.',
  },
  'auth-window-post-issues-code': {
    area,
    description: 'A POST to the window is taken for consent: it redirects to the app with a code.',
  },
  'auth-window-write-methods-served': {
    area,
    description: 'PUT and DELETE on the window answer the window page instead of an error.',
  },
  'auth-window-needs-token': {
    area,
    description: 'The window refuses a request without `access_token` (code 190), though it has no requirements.',
  },
  'auth-client-id-leading-digits': {
    area,
    description: '`client_id` is read by its leading digits: the app id followed by letters is accepted.',
  },
  'auth-redirect-scheme-lenient': {
    area,
    description: '`redirect_uri` is compared without its scheme: http for a registered https URI is accepted.',
  },
  'auth-redirect-host-extension-lenient': {
    area,
    description: '`redirect_uri` matches when its host contains a registered host (`x.app.example`, `app.example.x`).',
  },
  'auth-deny-issues-code': { area, description: 'The deny redirect carries a `code` before its error parameters.' },
  'auth-state-always-sent': {
    area,
    description: 'The allow redirect carries an empty `state` when the request sent none.',
  },
};

import tls from 'node:tls';
import type { WebhookDeps } from './types.js';

/** What a callback connection trusts: Node's default store plus the CAs handed over with `trust`. */
export function callbackTrust(deps: WebhookDeps): string[] | null {
  if (deps.fault('subscriptions-self-signed-accepted')) return null;
  return [...tls.rootCertificates, ...deps.trustedCaPems()];
}

/** The client certificate to present, unless a fault switch hides it. */
export function callbackClientCert(deps: WebhookDeps): WebhookDeps['clientCert'] {
  return deps.fault('webhooks-mtls-no-client-cert') ? undefined : deps.clientCert;
}

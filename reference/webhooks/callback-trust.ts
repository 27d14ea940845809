import tls from 'node:tls';
import type { WebhookDeps } from './types.js';

/** What a callback connection trusts: Node's default store plus the CAs handed over with `trust`. */
export function callbackTrust(deps: WebhookDeps): string[] | null {
  if (deps.fault('subscriptions-self-signed-accepted')) return null;
  return [...tls.rootCertificates, ...deps.trustedCaPems()];
}

/** The client certificate to present, unless a fault switch hides it. */
export function callbackClientCert(deps: WebhookDeps): WebhookDeps['clientCert'] {
  if (deps.fault('webhooks-mtls-no-client-cert') || !deps.clientCert) return undefined;
  // The fault sends the leaf again where its intermediate belongs: the leaf is not issued by what comes with it.
  if (deps.fault('webhooks-mtls-wrong-intermediate')) return { ...deps.clientCert, chainPem: deps.clientCert.certPem };
  return deps.clientCert;
}

/** Certificate errors a fault switch lets through on callback connections. */
export function callbackTolerance(deps: WebhookDeps): string[] {
  return [
    ...(deps.fault('subscriptions-expired-certificate-accepted') ? ['CERT_HAS_EXPIRED'] : []),
    ...(deps.fault('subscriptions-wrong-host-accepted') ? ['ERR_TLS_CERT_ALTNAME_INVALID'] : []),
  ];
}

import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';

/**
 * A TLS context that trusts the system store plus the user's CA (`--ca`), presenting `cert` when given.
 * Spelling the ~140 roots out as `ca` parses them all again for every context (about 90 ms); this starts from
 * Node's own store, parsed once per process, and adds the CA with the handle's `addCACert`, the call Node itself
 * makes for each `ca` entry. Where that call is missing, the list is spelled out.
 */
export function trustContext(caPem: string | undefined, cert: { certPem: string; keyPem: string } | undefined): SecureContext {
  const certificate = cert ? { cert: cert.certPem, key: cert.keyPem } : {};
  const context = createSecureContext(certificate);
  if (!caPem) return context;
  const handle = (context as { context?: { addCACert?: (pem: string) => void } }).context;
  if (typeof handle?.addCACert !== 'function') return createSecureContext({ ca: [...rootCertificates, caPem], ...certificate });
  handle.addCACert(caPem);
  return context;
}

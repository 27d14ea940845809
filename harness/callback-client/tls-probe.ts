import { X509Certificate } from 'node:crypto';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { trustContext } from './trust-context.js';

/**
 * What one connection to the app's callback showed of its transport: the scheme, and for HTTPS whether a client
 * that trusts the system store (and `--ca`) accepts the server's certificate, and if not why.
 * `invalid`: the certificate is one the service refuses (self-signed, expired or not yet valid, for another host):
 * a finding of `callback-tls`. `untrusted`: issued by a CA neither the system nor `--ca` holds, which may be a
 * private CA the user forgot to pass: graphcheck cannot tell, so the run cannot judge.
 */
export interface TlsFacts {
  scheme: 'http' | 'https';
  /** The certificate is one no client may accept, and why in one phrase. */
  invalid?: string;
  /** The certificate's issuer is unknown here (cannot judge without `--ca`). */
  untrusted?: string;
  /** The connection itself failed: code and message. */
  failed?: { code: string; message: string };
}

export interface ProbeOptions {
  url: URL;
  timeoutMs: number;
  caPem?: string;
  /** The client certificate to present when the receiver asks for one (mTLS), so the handshake can complete. */
  clientCert?: { certPem: string; keyPem: string };
}

const INVALID: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is for another host',
};

/** Connects once, reads what the handshake showed, and hangs up without sending a request. */
export function probeTls(options: ProbeOptions): Promise<TlsFacts> {
  const { url } = options;
  const https = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (https ? 443 : 80));
  return new Promise((resolve) => {
    const done = (facts: TlsFacts) => {
      socket.destroy();
      resolve(facts);
    };
    const socket = https
      ? tlsConnect({
          host,
          port,
          ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
          secureContext: trustContext(options.caPem, options.clientCert),
          // Verification is read, not enforced: the point is to say what is wrong with the certificate.
          rejectUnauthorized: false,
        })
      : netConnect({ host, port });
    socket.setTimeout(options.timeoutMs, () =>
      done({ scheme: https ? 'https' : 'http', failed: { code: 'UND_ERR_CONNECT_TIMEOUT', message: `no connection within ${options.timeoutMs} ms` } }),
    );
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done({ scheme: https ? 'https' : 'http', failed: { code: error.code ?? 'UNKNOWN', message: error.message } }),
    );
    socket.once(https ? 'secureConnect' : 'connect', () => done(https ? certificateFacts(socket as TLSSocket) : { scheme: 'http' }));
  });
}

function certificateFacts(socket: TLSSocket): TlsFacts {
  const error = socket.authorized ? undefined : String(socket.authorizationError ?? 'UNKNOWN');
  if (error && INVALID[error]) return { scheme: 'https', invalid: `${INVALID[error]} (${error})` };
  if (error) return { scheme: 'https', untrusted: error };
  // Trusted because `--ca` holds the certificate itself: it is still self-signed, which the service refuses.
  const leaf = socket.getPeerX509Certificate();
  if (leaf && selfSigned(leaf)) return { scheme: 'https', invalid: 'the certificate is self-signed (trusted here only through --ca)' };
  return { scheme: 'https' };
}

/** Signed with its own key under its own name (`checkIssued` would also ask for a CA's key usage, which a leaf lacks). */
function selfSigned(cert: X509Certificate): boolean {
  return cert.issuer === cert.subject && cert.verify(cert.publicKey);
}

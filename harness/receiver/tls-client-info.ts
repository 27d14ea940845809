import type { Socket } from 'node:net';
import type { X509Certificate } from 'node:crypto';
import { TLSSocket } from 'node:tls';
import type { MtlsOptions, MtlsVerdict, TlsClientInfo } from './types.js';

/**
 * What a TLS connection's caller presented, read once per connection: a keep-alive connection carries many
 * notifications, the certificate cannot change within it (the receiver refuses renegotiation, start-receiver.ts), and reading the
 * whole chain was the receiver's largest cost per notification.
 */
const presentedOn = new WeakMap<TLSSocket, TlsClientInfo>();

/**
 * Reads the caller's certificate off a request socket; undefined on plain HTTP. The verdict is the request's own:
 * one kept-alive connection may carry the notifications of routes that expect different names (a sender that pools
 * its connections per destination, as HTTP clients do).
 */
export function tlsClientInfo(socket: Socket, mtls: MtlsOptions | undefined): TlsClientInfo | undefined {
  if (!(socket instanceof TLSSocket)) return undefined;
  let presented = presentedOn.get(socket);
  if (!presented) {
    presented = readClientInfo(socket);
    presentedOn.set(socket, presented);
  }
  return { ...presented, chain: [...presented.chain], ...(mtls ? { verdict: mtlsVerdict(presented, mtls) } : {}) };
}

function readClientInfo(socket: TLSSocket): TlsClientInfo {
  // The X509Certificate form: the detailed legacy object computes three fingerprints and a public key per certificate
  // of the chain, which was most of a notification's cost on the receiver's side.
  const leaf = socket.getPeerX509Certificate();
  const info: TlsClientInfo = {
    presented: leaf !== undefined,
    authorized: socket.authorized,
    chain: leaf ? chainOf(leaf) : [],
  };
  const cn = leaf ? commonName(leaf) : undefined;
  if (cn !== undefined) info.cn = cn;
  if (socket.authorizationError) info.authorizationError = String(socket.authorizationError);
  return info;
}

function mtlsVerdict(info: TlsClientInfo, mtls: MtlsOptions): MtlsVerdict {
  if (!info.presented) return 'no-certificate';
  // Without the target's CA (the profile cannot carry it, R46) the chain cannot be judged, only the name.
  if (mtls.clientCaPem !== undefined && !info.authorized) return 'untrusted';
  return info.cn === mtls.expectedCn ? 'ok' : 'cn-mismatch';
}

/**
 * The subject's common names, joined when repeated. Node prints a subject one attribute per line (`CN=name`),
 * escaping as RFC 4514 does (`\,`, `\+`, a control character as `\0A`); the name is read back unescaped.
 */
function commonName(cert: X509Certificate): string | undefined {
  const names = cert.subject
    .split('\n')
    .flatMap((line) => line.split(/(?<!\\) \+ /))
    .filter((attribute) => attribute.startsWith('CN='))
    .map((attribute) => unescapeName(attribute.slice(3)));
  return names.length > 0 ? names.join(', ') : undefined;
}

function unescapeName(value: string): string {
  return value.replace(/\\([0-9A-Fa-f]{2}|.)/g, (_, escaped: string) => (escaped.length === 2 ? String.fromCharCode(Number.parseInt(escaped, 16)) : escaped));
}

/** The names of the certificates the caller presented, leaf first, each followed by the one that issued it. */
function chainOf(leaf: X509Certificate): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  // A self-issued root points at itself; stop there.
  for (let current: X509Certificate | undefined = leaf; current && !seen.has(current.fingerprint256); current = current.issuerCertificate) {
    seen.add(current.fingerprint256);
    names.push(commonName(current) ?? '');
  }
  return names;
}

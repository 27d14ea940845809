import type { Socket } from 'node:net';
import { type DetailedPeerCertificate, TLSSocket } from 'node:tls';
import type { MtlsOptions, MtlsVerdict, TlsClientInfo } from './types.js';

/**
 * What a TLS connection's caller presented, read once per connection: a keep-alive connection carries many
 * notifications, the certificate cannot change within it (the receiver refuses renegotiation, start-receiver.ts), and reading the
 * whole chain was the receiver's largest cost per notification.
 */
const presentedOn = new WeakMap<TLSSocket, TlsClientInfo>();

/** Reads the caller's certificate off a request socket; undefined on plain HTTP. */
export function tlsClientInfo(socket: Socket, mtls: MtlsOptions | undefined): TlsClientInfo | undefined {
  if (!(socket instanceof TLSSocket)) return undefined;
  const known = presentedOn.get(socket);
  if (known) return { ...known, chain: [...known.chain] };
  const info = readClientInfo(socket, mtls);
  presentedOn.set(socket, info);
  return { ...info, chain: [...info.chain] };
}

function readClientInfo(socket: TLSSocket, mtls: MtlsOptions | undefined): TlsClientInfo {
  const peer = socket.getPeerCertificate(true);
  const presented = peer !== null && Object.keys(peer).length > 0;
  const info: TlsClientInfo = {
    presented,
    authorized: socket.authorized,
    chain: presented ? chainOf(peer) : [],
  };
  const cn = presented ? commonName(peer) : undefined;
  if (cn !== undefined) info.cn = cn;
  if (socket.authorizationError) info.authorizationError = String(socket.authorizationError);
  if (mtls) info.verdict = mtlsVerdict(info, mtls);
  return info;
}

function mtlsVerdict(info: TlsClientInfo, mtls: MtlsOptions): MtlsVerdict {
  if (!info.presented) return 'no-certificate';
  // Without the target's CA (the profile cannot carry it, R46) the chain cannot be judged, only the name.
  if (mtls.clientCaPem !== undefined && !info.authorized) return 'untrusted';
  return info.cn === mtls.expectedCn ? 'ok' : 'cn-mismatch';
}

function commonName(cert: DetailedPeerCertificate): string | undefined {
  // Node types subject fields as strings, but a repeated attribute arrives as an array.
  const cn: unknown = cert.subject?.CN;
  if (Array.isArray(cn)) return cn.map(String).join(', ');
  return typeof cn === 'string' ? cn : undefined;
}

function chainOf(leaf: DetailedPeerCertificate): string[] {
  const names: string[] = [];
  let current: DetailedPeerCertificate | undefined = leaf;
  const seen = new Set<DetailedPeerCertificate>();
  // A self-issued root points at itself; stop there.
  while (current && !seen.has(current) && Object.keys(current).length > 0) {
    seen.add(current);
    names.push(commonName(current) ?? '');
    current = current.issuerCertificate;
  }
  return names;
}

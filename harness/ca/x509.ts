import { createPrivateKey, randomBytes, webcrypto } from 'node:crypto';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(crypto);

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

/** A certificate and its private key, both PEM, ready for `tls.createServer` or `tls.connect`. */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
}

export type CertificateRole = 'ca' | 'server' | 'client';

/** A key pair as WebCrypto holds it, and the private key as PEM (PKCS#8) for Node's TLS. */
export interface KeyPair {
  keys: CryptoKeyPair;
  privateKeyPem: string;
}

/** A key that signs certificates, with the algorithm it signs with. */
export interface SigningKey {
  key: CryptoKey;
  algorithm: webcrypto.Algorithm | webcrypto.EcdsaParams;
}

export interface CertificateSpec {
  commonName: string;
  role: CertificateRole;
  publicKey: CryptoKey;
  signer: SigningKey;
  /** The issuer's certificate; absent for a self-signed certificate. */
  issuerCertPem?: string;
  /** Server certificates: host names and IP addresses for subjectAltName. */
  hosts?: string[];
  validDays: number;
}

const EC_KEY = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const EC_SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;

/**
 * A fresh ECDSA P-256 key pair: WebCrypto makes one in well under a millisecond, where an RSA 2048 key takes tens
 * to hundreds (a run starts receivers and issues client certificates as it goes).
 */
export async function newKeyPair(): Promise<KeyPair> {
  const keys = (await webcrypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { keys, privateKeyPem: pem(Buffer.from(pkcs8), 'PRIVATE KEY') };
}

/** The key of a PEM (PKCS#1 or PKCS#8 RSA, SEC1 or PKCS#8 EC: what `graphcheck ca` or openssl wrote) for signing. */
export async function signingKeyOf(keyPem: string): Promise<SigningKey> {
  const key = createPrivateKey(keyPem);
  const der = key.export({ type: 'pkcs8', format: 'der' });
  if (key.asymmetricKeyType === 'ec') {
    const curve = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' }[key.asymmetricKeyDetails?.namedCurve ?? ''];
    if (!curve) throw new Error(`unsupported EC curve ${key.asymmetricKeyDetails?.namedCurve}`);
    const hash = { 'P-256': 'SHA-256', 'P-384': 'SHA-384', 'P-521': 'SHA-512' }[curve] as string;
    const imported = await webcrypto.subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve: curve }, false, ['sign']);
    return { key: imported, algorithm: { name: 'ECDSA', hash } };
  }
  const rsa = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  return { key: await webcrypto.subtle.importKey('pkcs8', der, rsa, false, ['sign']), algorithm: rsa };
}

/** The signing key of a key pair `newKeyPair` made. */
export function signingKeyOfPair(pair: KeyPair): SigningKey {
  return { key: pair.keys.privateKey, algorithm: EC_SIGNING };
}

/** Builds and signs one X.509 certificate. Chains verify with OpenSSL, so Node clients and servers accept them. */
export async function buildCertificate(spec: CertificateSpec): Promise<string> {
  const subject = new x509.Name([{ CN: [spec.commonName] }, { O: ['graphcheck'] }]);
  const issuer = spec.issuerCertPem ? new x509.X509Certificate(spec.issuerCertPem) : undefined;
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: positiveSerial(),
    subject,
    issuer: issuer ? issuer.subjectName : subject,
    // Valid from a day back so that a target whose wall clock lags a little still accepts it.
    notBefore: new Date(now - 24 * 3600_000),
    notAfter: new Date(now + spec.validDays * 24 * 3600_000),
    publicKey: spec.publicKey,
    signingKey: spec.signer.key,
    signingAlgorithm: spec.signer.algorithm,
    extensions: await extensionsFor(spec, issuer),
  });
  const text = cert.toString('pem');
  // Chains are concatenated PEM: each certificate ends its own line.
  return text.endsWith('\n') ? text : `${text}\n`;
}

async function extensionsFor(spec: CertificateSpec, issuer: x509.X509Certificate | undefined): Promise<x509.Extension[]> {
  const identifiers: x509.Extension[] = [await x509.SubjectKeyIdentifierExtension.create(spec.publicKey)];
  if (issuer) identifiers.push(await x509.AuthorityKeyIdentifierExtension.create(issuer));
  const Usage = x509.KeyUsageFlags;
  if (spec.role === 'ca') {
    return [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(Usage.keyCertSign | Usage.cRLSign | Usage.digitalSignature, true),
      ...identifiers,
    ];
  }
  const purpose = spec.role === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth;
  const leaf: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    // ECDSA leaves sign the handshake; they never encipher a key (that is RSA key exchange).
    new x509.KeyUsagesExtension(Usage.digitalSignature, true),
    new x509.ExtendedKeyUsageExtension([purpose]),
    ...identifiers,
  ];
  if (spec.hosts && spec.hosts.length > 0) leaf.push(new x509.SubjectAlternativeNameExtension(spec.hosts.map(altName)));
  return leaf;
}

/** Node checks IP SANs for IP hosts and DNS SANs for names; never one for the other. */
function altName(host: string): { type: 'ip' | 'dns'; value: string } {
  return isIP(host) ? { type: 'ip', value: host } : { type: 'dns', value: host };
}

function positiveSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

function pem(der: Buffer, label: string): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

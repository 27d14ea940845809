import { generateKeyPair, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import forge from 'node-forge';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface KeyPairPem {
  publicKeyPem: string;
  privateKeyPem: string;
}

/** A certificate and its private key, both PEM, ready for `tls.createServer` or `tls.connect`. */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
}

export type CertificateRole = 'ca' | 'server' | 'client';

export interface CertificateSpec {
  commonName: string;
  role: CertificateRole;
  publicKeyPem: string;
  signerKeyPem: string;
  /** The issuer's certificate; absent for a self-signed certificate. */
  issuerCertPem?: string;
  /** Server certificates: host names and IP addresses for subjectAltName. */
  hosts?: string[];
  validDays: number;
}

/** RSA keys come from node:crypto because node-forge's pure-JS key generation takes seconds. */
export async function newKeyPair(): Promise<KeyPairPem> {
  const pair = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return { publicKeyPem: pair.publicKey, privateKeyPem: pair.privateKey };
}

/** Builds and signs one X.509 certificate (SHA-256). Chains verify with OpenSSL, so Node clients accept them. */
export function buildCertificate(spec: CertificateSpec): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(spec.publicKeyPem);
  cert.serialNumber = positiveSerial();
  const now = Date.now();
  // Valid from a day back so that a target whose wall clock lags a little still accepts it.
  cert.validity.notBefore = new Date(now - 24 * 3600_000);
  cert.validity.notAfter = new Date(now + spec.validDays * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: spec.commonName },
    { name: 'organizationName', value: 'graphcheck' },
  ];
  cert.setSubject(subject);
  const issuer = spec.issuerCertPem ? forge.pki.certificateFromPem(spec.issuerCertPem) : undefined;
  cert.setIssuer(issuer ? issuer.subject.attributes : subject);
  cert.setExtensions(extensionsFor(spec, issuer));
  cert.sign(forge.pki.privateKeyFromPem(spec.signerKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

function extensionsFor(spec: CertificateSpec, issuer: forge.pki.Certificate | undefined): object[] {
  const identifiers: object[] = [{ name: 'subjectKeyIdentifier' }];
  if (issuer) {
    identifiers.push({
      name: 'authorityKeyIdentifier',
      keyIdentifier: issuer.generateSubjectKeyIdentifier().getBytes(),
    });
  }
  if (spec.role === 'ca') {
    return [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
      ...identifiers,
    ];
  }
  const leaf: object[] = [
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    spec.role === 'server'
      ? { name: 'extKeyUsage', serverAuth: true }
      : { name: 'extKeyUsage', clientAuth: true },
    ...identifiers,
  ];
  if (spec.hosts && spec.hosts.length > 0) {
    leaf.push({ name: 'subjectAltName', altNames: spec.hosts.map(altName) });
  }
  return leaf;
}

/** Node checks IP SANs (type 7) for IP hosts and DNS SANs (type 2) for names; never one for the other. */
function altName(host: string): object {
  return isIP(host) ? { type: 7, ip: host } : { type: 2, value: host };
}

function positiveSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

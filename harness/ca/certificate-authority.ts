import { createPrivateKey, X509Certificate } from 'node:crypto';
import { UserInputError } from '../errors.js';
import {
  buildCertificate,
  type IssuedCertificate,
  type KeyPair,
  newKeyPair,
  type SigningKey,
  signingKeyOf,
  signingKeyOfPair,
} from './x509.js';

export type { IssuedCertificate } from './x509.js';

const CA_VALID_DAYS = 365;
const LEAF_VALID_DAYS = 30;

/**
 * A certificate authority graphcheck owns for one run, one recording or one `graphcheck ca` folder: the one CA
 * type. Its certificate is what a target trusts (`trust` capability) or a client trusts (the forward proxy); the
 * receiver's server certificates, mTLS client certificates and (through mockttp) the forward proxy's certificates
 * are all issued from it.
 */
export interface CertificateAuthority {
  certPem: string;
  keyPem: string;
  /** Server certificate for these hosts: IP addresses go into IP SANs, names into DNS SANs. */
  issueServer(hosts: string | string[]): Promise<IssuedCertificate>;
  /** Client certificate (mTLS) whose subject common name is `commonName`. */
  issueClient(commonName: string): Promise<IssuedCertificate>;
  /** A CA signed by this one; certificates it issues carry it as their chain (leaf first). */
  issueIntermediate(commonName: string): Promise<CertificateAuthority>;
}

/** A fresh root CA with its own key; nothing is written to disk. */
export async function createCertificateAuthority(commonName = 'graphcheck run CA'): Promise<CertificateAuthority> {
  const pair = await newKeyPair();
  const certPem = await buildCertificate({
    commonName,
    role: 'ca',
    publicKey: pair.keys.publicKey,
    signer: signingKeyOfPair(pair),
    validDays: CA_VALID_DAYS,
  });
  return authority(certPem, pair.privateKeyPem, '', Promise.resolve(signingKeyOfPair(pair)));
}

/**
 * Wraps an existing CA (the files `graphcheck ca` wrote, or any CA certificate and key in PEM). `where` names
 * the source in errors. Throws UserInputError when the certificate is not a CA or the key does not belong to it.
 */
export function loadCertificateAuthority(pems: { certPem: string; keyPem: string }, where = 'CA'): CertificateAuthority {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pems.certPem);
  } catch {
    throw new UserInputError('USAGE', `${where}: the CA certificate is not PEM; regenerate it with graphcheck ca`);
  }
  if (!cert.ca) {
    throw new UserInputError('USAGE', `${where}: the certificate is not a CA (basicConstraints CA:false)`);
  }
  if (!keyMatches(cert, pems.keyPem)) {
    throw new UserInputError('USAGE', `${where}: the CA key does not belong to the CA certificate`);
  }
  return authority(pems.certPem, pems.keyPem, '', signingKeyOf(pems.keyPem));
}

/** A server certificate that signs itself: what "Self-signed certificates are not supported" is about. */
export async function createSelfSignedLeaf(hosts: string | string[]): Promise<IssuedCertificate> {
  const pair = await newKeyPair();
  const list = typeof hosts === 'string' ? [hosts] : hosts;
  const certPem = await buildCertificate({
    commonName: list[0] ?? 'graphcheck',
    role: 'server',
    publicKey: pair.keys.publicKey,
    signer: signingKeyOfPair(pair),
    hosts: list,
    validDays: LEAF_VALID_DAYS,
  });
  return { certPem, keyPem: pair.privateKeyPem };
}

/** A server certificate from a throwaway CA that no target has been told to trust. */
export async function createUntrustedLeaf(hosts: string | string[]): Promise<IssuedCertificate> {
  const stranger = await createCertificateAuthority('graphcheck untrusted CA');
  return stranger.issueServer(hosts);
}

function authority(certPem: string, keyPem: string, chainPem: string, signer: Promise<SigningKey>): CertificateAuthority {
  // A failed key import is reported when a certificate is first issued, not as an unhandled rejection now.
  signer.catch(() => {});
  const issue = async (commonName: string, role: 'server' | 'client', hosts?: string[]) => {
    const pair = await newKeyPair();
    const leaf = await buildCertificate({
      commonName,
      role,
      publicKey: pair.keys.publicKey,
      signer: await signer,
      issuerCertPem: certPem,
      validDays: LEAF_VALID_DAYS,
      ...(hosts ? { hosts } : {}),
    });
    return { certPem: leaf + chainPem, keyPem: pair.privateKeyPem };
  };
  return {
    certPem,
    keyPem,
    issueServer: (hosts) => {
      const list = typeof hosts === 'string' ? [hosts] : hosts;
      return issue(list[0] ?? 'graphcheck', 'server', list);
    },
    issueClient: (commonName) => issue(commonName, 'client'),
    issueIntermediate: async (commonName) => {
      const pair: KeyPair = await newKeyPair();
      const intermediate = await buildCertificate({
        commonName,
        role: 'ca',
        publicKey: pair.keys.publicKey,
        signer: await signer,
        issuerCertPem: certPem,
        validDays: CA_VALID_DAYS,
      });
      return authority(intermediate, pair.privateKeyPem, intermediate + chainPem, Promise.resolve(signingKeyOfPair(pair)));
    },
  };
}

function keyMatches(cert: X509Certificate, keyPem: string): boolean {
  try {
    return cert.checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}

/** A server certificate from `ca` that expired 12 hours ago: what a target must refuse although it trusts the CA. */
export async function createExpiredLeaf(ca: CertificateAuthority, hosts: string | string[]): Promise<IssuedCertificate> {
  const list = typeof hosts === 'string' ? [hosts] : hosts;
  const pair = await newKeyPair();
  const certPem = await buildCertificate({
    commonName: list[0] ?? 'graphcheck',
    role: 'server',
    publicKey: pair.keys.publicKey,
    signer: await signingKeyOf(ca.keyPem),
    issuerCertPem: ca.certPem,
    hosts: list,
    validDays: -0.5,
  });
  return { certPem, keyPem: pair.privateKeyPem };
}

import { createPrivateKey, X509Certificate } from 'node:crypto';
import { UserInputError } from '../errors.js';
import { buildCertificate, type IssuedCertificate, newKeyPair } from './x509.js';

export type { IssuedCertificate } from './x509.js';

const CA_VALID_DAYS = 365;
const LEAF_VALID_DAYS = 30;

/**
 * A certificate authority graphcheck owns for one run (or one `graphcheck ca` directory). Its certificate is
 * what a target trusts (`trust` capability); every receiver certificate is issued from it.
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
export async function createCertificateAuthority(
  commonName = 'graphcheck run CA',
): Promise<CertificateAuthority> {
  const keys = await newKeyPair();
  const certPem = buildCertificate({
    commonName,
    role: 'ca',
    publicKeyPem: keys.publicKeyPem,
    signerKeyPem: keys.privateKeyPem,
    validDays: CA_VALID_DAYS,
  });
  return authority(certPem, keys.privateKeyPem, '');
}

/**
 * Wraps an existing CA (e.g. the files `graphcheck ca --with-key` wrote). `where` names the source in errors.
 * Throws UserInputError when the certificate is not a CA or the key does not belong to it.
 */
export function loadCertificateAuthority(
  pems: { certPem: string; keyPem: string },
  where = 'CA',
): CertificateAuthority {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pems.certPem);
  } catch {
    throw new UserInputError(
      'USAGE',
      `${where}: the CA certificate is not PEM; regenerate it with graphcheck ca`,
    );
  }
  if (!cert.ca) {
    throw new UserInputError('USAGE', `${where}: the certificate is not a CA (basicConstraints CA:false)`);
  }
  if (!keyMatches(cert, pems.keyPem)) {
    throw new UserInputError('USAGE', `${where}: the CA key does not belong to the CA certificate`);
  }
  return authority(pems.certPem, pems.keyPem, '');
}

/** A server certificate that signs itself: what "Self-signed certificates are not supported" is about. */
export async function createSelfSignedLeaf(hosts: string | string[]): Promise<IssuedCertificate> {
  const keys = await newKeyPair();
  const list = typeof hosts === 'string' ? [hosts] : hosts;
  const certPem = buildCertificate({
    commonName: list[0] ?? 'graphcheck',
    role: 'server',
    publicKeyPem: keys.publicKeyPem,
    signerKeyPem: keys.privateKeyPem,
    hosts: list,
    validDays: LEAF_VALID_DAYS,
  });
  return { certPem, keyPem: keys.privateKeyPem };
}

/** A server certificate from a throwaway CA that no target has been told to trust. */
export async function createUntrustedLeaf(hosts: string | string[]): Promise<IssuedCertificate> {
  const stranger = await createCertificateAuthority('graphcheck untrusted CA');
  return stranger.issueServer(hosts);
}

function authority(certPem: string, keyPem: string, chainPem: string): CertificateAuthority {
  // Leaves of one authority share a key per role: RSA key generation is most of the cost of a receiver start,
  // and a fresh key per receiver would protect nothing in a test run.
  const leafKeys = new Map<string, ReturnType<typeof newKeyPair>>();
  const keysFor = (role: string) => {
    const cached = leafKeys.get(role) ?? newKeyPair();
    leafKeys.set(role, cached);
    return cached;
  };
  const issue = async (commonName: string, role: 'server' | 'client', hosts?: string[]) => {
    const keys = await keysFor(role);
    const leaf = buildCertificate({
      commonName,
      role,
      publicKeyPem: keys.publicKeyPem,
      signerKeyPem: keyPem,
      issuerCertPem: certPem,
      validDays: LEAF_VALID_DAYS,
      ...(hosts ? { hosts } : {}),
    });
    return { certPem: leaf + chainPem, keyPem: keys.privateKeyPem };
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
      const keys = await newKeyPair();
      const intermediate = buildCertificate({
        commonName,
        role: 'ca',
        publicKeyPem: keys.publicKeyPem,
        signerKeyPem: keyPem,
        issuerCertPem: certPem,
        validDays: CA_VALID_DAYS,
      });
      return authority(intermediate, keys.privateKeyPem, intermediate + chainPem);
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

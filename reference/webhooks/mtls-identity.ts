import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface MtlsIdentity {
  /** The CA the service owns; receivers trust it. */
  caPem: string;
  /** The client certificate, common name `cn`, issued by the intermediate. */
  certPem: string;
  keyPem: string;
  /** The intermediate certificate presented after the client certificate. */
  chainPem: string;
}

interface Issuer {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

/**
 * A fresh CA -> intermediate -> client chain for mutual TLS on callbacks (spec: Mutual TLS for messaging-application
 * account subscriptions). Keys come from node:crypto because forge's pure-JS RSA generation is slow.
 */
export function generateMtlsIdentity(cn: string): MtlsIdentity {
  // A per-identity tag keeps issuer names unique when several identities live in one trust store.
  const tag = randomBytes(4).toString('hex');
  const ca = selfIssued(`graphcheck reference webhook CA ${tag}`);
  const intermediate = issue(ca, `graphcheck reference webhook intermediate ${tag}`, { ca: true });
  const client = issue(intermediate, cn, { ca: false });
  const pem = (c: Issuer): string => forge.pki.certificateToPem(c.cert);
  return {
    caPem: pem(ca),
    certPem: pem(client),
    keyPem: forge.pki.privateKeyToPem(client.key),
    chainPem: pem(intermediate),
  };
}

function newKeys(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey),
    privateKey: forge.pki.privateKeyFromPem(pair.privateKey) as forge.pki.rsa.PrivateKey,
  };
}

function selfIssued(cn: string): Issuer {
  const keys = newKeys();
  const cert = blankCertificate(cn, keys.publicKey, { ca: true });
  cert.setIssuer(cert.subject.attributes);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert, key: keys.privateKey };
}

function issue(issuer: Issuer, cn: string, kind: { ca: boolean }): Issuer {
  const keys = newKeys();
  const cert = blankCertificate(cn, keys.publicKey, kind);
  cert.setIssuer(issuer.cert.subject.attributes);
  cert.sign(issuer.key, forge.md.sha256.create());
  return { cert, key: keys.privateKey };
}

function blankCertificate(
  cn: string,
  publicKey: forge.pki.rsa.PublicKey,
  kind: { ca: boolean },
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = positiveSerial();
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000);
  cert.setSubject([{ name: 'commonName', value: cn }]);
  const usage = kind.ca
    ? [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true },
      ]
    : [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', clientAuth: true },
      ];
  cert.setExtensions(usage);
  return cert;
}

/**
 * 16 random bytes read as a positive DER integer in its shortest form: the top bit clear (not negative) and the
 * next one set (no leading zero byte). A `0` nibble in front, as before, gave a zero byte followed by one under
 * 0x80 half the time, a non-minimal INTEGER that strict DER parsers refuse ("illegal padding").
 */
function positiveSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes.toString('hex');
}

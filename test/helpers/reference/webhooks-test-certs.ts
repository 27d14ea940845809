/**
 * Certificates for the webhook tests, made with node-forge independently of reference/webhooks/: a CA that issues
 * server certificates for 127.0.0.1, and self-signed ones. Keys come from node:crypto (forge's own RSA is slow).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface KeyAndCert {
  certPem: string;
  keyPem: string;
}

export interface TestCa {
  caPem: string;
  /** A server certificate for `127.0.0.1` (CN and IP SAN) issued by this CA. */
  issueServerCert(): KeyAndCert;
}

function keys(): { pub: forge.pki.PublicKey; priv: forge.pki.rsa.PrivateKey; privPem: string } {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    pub: forge.pki.publicKeyFromPem(pair.publicKey),
    priv: forge.pki.privateKeyFromPem(pair.privateKey) as forge.pki.rsa.PrivateKey,
    privPem: pair.privateKey,
  };
}

function certificate(cn: string, pub: forge.pki.PublicKey, isCa: boolean): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  // Top bit clear, next bit set: a positive DER integer without a leading zero byte (strict parsers need it).
  cert.serialNumber = ((randomBytes(1)[0]! & 0x3f) | 0x40).toString(16).padStart(2, '0') + randomBytes(11).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 30 * 24 * 3600_000);
  cert.setSubject([{ name: 'commonName', value: cn }]);
  cert.setExtensions(
    isCa
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
        ],
  );
  return cert;
}

export function makeTestCa(): TestCa {
  const caKeys = keys();
  const ca = certificate(`webhook test CA ${randomBytes(4).toString('hex')}`, caKeys.pub, true);
  ca.setIssuer(ca.subject.attributes);
  ca.sign(caKeys.priv, forge.md.sha256.create());
  return {
    caPem: forge.pki.certificateToPem(ca),
    issueServerCert() {
      const leafKeys = keys();
      const leaf = certificate('127.0.0.1', leafKeys.pub, false);
      leaf.setIssuer(ca.subject.attributes);
      leaf.sign(caKeys.priv, forge.md.sha256.create());
      return { certPem: forge.pki.certificateToPem(leaf), keyPem: leafKeys.privPem };
    },
  };
}

/** A self-signed server certificate for 127.0.0.1 (not issued by any CA). */
export function makeSelfSignedCert(): KeyAndCert {
  const k = keys();
  const cert = certificate('127.0.0.1', k.pub, false);
  cert.setIssuer(cert.subject.attributes);
  cert.sign(k.priv, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: k.privPem };
}

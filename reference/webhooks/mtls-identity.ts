import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(crypto);

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
  cert: x509.X509Certificate;
  keys: webcrypto.CryptoKeyPair;
}

const KEY = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;

/**
 * A fresh CA -> intermediate -> client chain for mutual TLS on callbacks (spec: Mutual TLS for messaging-application
 * account subscriptions). ECDSA P-256 keys: three RSA 2048 keys took about a second of every start, and each
 * callback's handshake signs with the client key.
 */
export async function generateMtlsIdentity(cn: string): Promise<MtlsIdentity> {
  // A per-identity tag keeps issuer names unique when several identities live in one trust store.
  const tag = randomBytes(4).toString('hex');
  const ca = await issue(undefined, `graphcheck reference webhook CA ${tag}`, { ca: true });
  const intermediate = await issue(ca, `graphcheck reference webhook intermediate ${tag}`, { ca: true });
  const client = await issue(intermediate, cn, { ca: false });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', client.keys.privateKey));
  return {
    caPem: pem(ca),
    certPem: pem(client),
    keyPem: `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END PRIVATE KEY-----\n`,
    chainPem: pem(intermediate),
  };
}

/** A certificate for `cn` signed by `issuer`, or by its own key when there is none (the CA). */
async function issue(issuer: Issuer | undefined, cn: string, kind: { ca: boolean }): Promise<Issuer> {
  const keys = (await webcrypto.subtle.generateKey(KEY, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const subject = new x509.Name([{ CN: [cn] }]);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: positiveSerial(),
    subject,
    issuer: issuer ? issuer.cert.subjectName : subject,
    notBefore: new Date(Date.now() - 24 * 3600 * 1000),
    notAfter: new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000),
    publicKey: keys.publicKey,
    signingKey: (issuer?.keys ?? keys).privateKey,
    signingAlgorithm: SIGNING,
    extensions: usage(kind),
  });
  return { cert, keys };
}

function usage(kind: { ca: boolean }): x509.Extension[] {
  const flags = x509.KeyUsageFlags;
  if (kind.ca) return [new x509.BasicConstraintsExtension(true, undefined, true), new x509.KeyUsagesExtension(flags.keyCertSign | flags.cRLSign, true)];
  return [
    new x509.BasicConstraintsExtension(false),
    new x509.KeyUsagesExtension(flags.digitalSignature),
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
  ];
}

function pem(issuer: Issuer): string {
  const text = issuer.cert.toString('pem');
  return text.endsWith('\n') ? text : `${text}\n`;
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

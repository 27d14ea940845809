/** The one certificate authority: receivers, mTLS client certificates and the forward proxy are issued from it. */
export { CA_CERT_FILE, CA_KEY_FILE, loadOrCreateAuthority, readCaFiles, writeCaFiles } from './ca-files.js';
export {
  type CertificateAuthority,
  createCertificateAuthority,
  createExpiredLeaf,
  createSelfSignedLeaf,
  createUntrustedLeaf,
  type IssuedCertificate,
  loadCertificateAuthority,
} from './certificate-authority.js';

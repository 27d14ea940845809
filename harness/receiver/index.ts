export { attemptToExchange, verificationToExchange } from './to-exchange.js';
export { nextOrdinal } from './arrival-order.js';
export { CA_CERT_FILE, CA_KEY_FILE, readCaFiles, writeCaFiles } from './ca-files.js';
export {
  type CertificateAuthority,
  createCertificateAuthority,
  createSelfSignedLeaf,
  createUntrustedLeaf,
  type IssuedCertificate,
  loadCertificateAuthority,
} from './certificate-authority.js';
export { dedupe, updateKey } from './dedupe.js';
export { signPayload } from './sign-payload.js';
export { startReceiver } from './start-receiver.js';
export type * from './types.js';
export { type ParsedAttempt, type Update, updatesOf } from './updates-of.js';
export { type SignatureVerdict, verifySignature } from './verify-signature.js';

export { attemptToExchange, verificationToExchange } from './to-exchange.js';
export { nextOrdinal } from './arrival-order.js';
// The CA lives in harness/ca/; the receiver's users get it here as before (its certificates are the receiver's).
export {
  CA_CERT_FILE,
  CA_KEY_FILE,
  type CertificateAuthority,
  createCertificateAuthority,
  createExpiredLeaf,
  createSelfSignedLeaf,
  createUntrustedLeaf,
  type IssuedCertificate,
  loadCertificateAuthority,
  readCaFiles,
  writeCaFiles,
} from '../ca/index.js';
export { dedupe, updateKey } from './dedupe.js';
export { signPayload } from './sign-payload.js';
export { startReceiver } from './start-receiver.js';
export type * from './types.js';
export { type ParsedAttempt, type Update, updatesOf } from './updates-of.js';
export { type SignatureVerdict, verifySignature } from './verify-signature.js';

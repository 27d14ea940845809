export { attemptToExchange, verificationToExchange } from './to-exchange.js';
export { nextOrdinal } from './arrival-order.js';
export { dedupe, updateKey } from './dedupe.js';
export { signPayload } from './sign-payload.js';
export { startReceiver } from './start-receiver.js';
export type * from './types.js';
export { type ParsedAttempt, type Update, updatesOf } from './updates-of.js';
export { type SignatureVerdict, verifySignature } from './verify-signature.js';

export { attemptToExchange, verificationToExchange } from './to-exchange.js';
export { nextOrdinal } from './arrival-order.js';
export { startReceiver } from './start-receiver.js';
export type * from './types.js';

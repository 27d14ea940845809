export { type Session, SessionPool, type SessionPoolOptions } from './session-pool.js';
export { sessionProfile } from './session-profile.js';
export { deleteSession, postSession, type SessionEndpoint } from './session-protocol.js';

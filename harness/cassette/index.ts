/** The cassette API other parts use: write, read, convert, redact, re-sign. See docs/cassettes.md. */
export { bodyBytes, type StoredBody, storeBody } from '../http/stored-body.js';
export { CASSETTE_FORMAT, type CassetteHeader } from './cassette-format.js';
export {
  type CassetteEntry,
  type OpenCassette,
  openCassette,
  readCassette,
} from './cassette-reader.js';
export {
  CassetteWriter,
  type CassetteWriterOptions,
} from './cassette-writer.js';
export { exportHar } from './export-har.js';
export {
  type ImportOptions,
  type ImportResult,
  importCassette,
} from './import-cassette.js';
export type { PlaceholderInfo } from '../redaction/placeholder.js';
export { type ForeignTraffic, readForeignTraffic } from './read-foreign.js';
export { type RedactResult, redactCassette } from './redact-cassette.js';
export {
  notificationSignatureValid,
  resignNotification,
} from '../redaction/resign-notification.js';

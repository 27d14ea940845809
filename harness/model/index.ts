export type * from './exchange.js';
export type * from './result.js';

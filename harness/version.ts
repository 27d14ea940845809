import { createRequire } from 'node:module';

/** graphcheck's version, read from package.json: the one place it is written. */
export const VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { CassetteHeader } from './cassette-format.js';
import { openCassette } from './cassette-reader.js';
import { CassetteWriter } from './cassette-writer.js';
import { REDACTION_RULES } from '../redaction/secret-params.js';
import { isGzipFile } from './gzip-file.js';
import { writeAtomically } from '../files/write-atomically.js';

export interface RedactResult {
  exchanges: number;
  /** Placeholders this pass added (secrets that were still in the file). */
  added: number;
}

/**
 * Re-applies the redaction rules to an existing cassette, in place. Placeholders already there keep their
 * names (same salt); the file is rewritten through a temporary file, so a crash leaves the original.
 */
export async function redactCassette(
  file: string,
  options: { appSecret?: string; secrets?: string[] } = {},
): Promise<RedactResult> {
  const first = await openCassette(file);
  for await (const _ of first.entries()) {
    // a first pass collects every placeholder, so the new header can hold them all
  }
  const before = Object.keys(first.placeholders).length;
  const old = first.header.redaction;
  const header: CassetteHeader = {
    ...first.header,
    redaction: {
      enabled: true,
      rules: [...REDACTION_RULES],
      salt: old.salt ?? randomBytes(16).toString('hex'),
      ...(old.app_secret_stand_in || options.appSecret
        ? {
            app_secret_stand_in: old.app_secret_stand_in ?? `GCKstandin${randomBytes(12).toString('hex')}`,
          }
        : {}),
      placeholders: first.placeholders,
    },
  };
  const compressed = await isGzipFile(file);
  let exchanges = 0;
  let writer: CassetteWriter | undefined;
  await writeAtomically(file, 'the cassette', async (temp) => {
    writer = CassetteWriter.createWithHeader(temp, header, options);
    try {
      for await (const { exchange } of (await openCassette(file)).entries()) {
        writer.append(exchange);
        exchanges++;
      }
    } finally {
      writer.close();
    }
    // A compressed cassette stays compressed: the file keeps its name, and its kind with it.
    if (compressed) await gzipInPlace(temp);
  });
  return { exchanges, added: Object.keys(writer!.placeholders).length - before };
}

async function gzipInPlace(file: string): Promise<void> {
  const zipped = `${file}.gz`;
  try {
    await pipeline(createReadStream(file), createGzip(), createWriteStream(zipped));
    await rename(zipped, file);
  } finally {
    await rm(zipped, { force: true });
  }
}

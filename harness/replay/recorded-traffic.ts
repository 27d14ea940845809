import { open } from 'node:fs/promises';
import { UserInputError } from '../errors.js';
import type { Exchange } from '../model/index.js';
import { openCassette } from '../cassette/cassette-reader.js';
import { requireCassetteFile } from '../cassette/cassette-file.js';
import { isGzipFile } from '../cassette/gzip-file.js';
import { readForeignTraffic } from '../cassette/read-foreign.js';

/**
 * Recorded traffic played back to a judge (`check`): the exchanges a recording holds, in recording order
 * (`recordedAt`), whatever its format: a graphcheck cassette streams (it may be large); HAR and VCR files are read
 * whole (they are small by nature), their notes (what an import could not keep) handed to `note`.
 */
export async function readTraffic(file: string, note: (line: string) => void): Promise<AsyncIterable<Exchange> | Exchange[]> {
  if ((await isGraphcheckCassette(file)) || (await isGzipFile(file))) {
    const cassette = await openCassette(file);
    return (async function* () {
      for await (const entry of cassette.entries()) yield { ...entry.exchange, recordedAt: entry.index };
    })();
  }
  const traffic = await readForeignTraffic(file);
  for (const line of traffic.notes) note(line);
  return traffic.exchanges.map((exchange, i) => ({ ...exchange, recordedAt: i }));
}

async function isGraphcheckCassette(file: string): Promise<boolean> {
  await requireCassetteFile(file);
  const handle = await open(file, 'r').catch(() => {
    throw new UserInputError('FILE_NOT_FOUND', `${file}: cannot read the cassette; check the --cassette path`);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(400), 0, 400, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').includes('graphcheck_cassette');
  } finally {
    await handle.close();
  }
}

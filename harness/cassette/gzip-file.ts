import { open } from 'node:fs/promises';

/** True when the file starts with the gzip magic bytes (shipped cassettes are kept compressed). */
export async function isGzipFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

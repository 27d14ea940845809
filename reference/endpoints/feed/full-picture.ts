import { crc32, deflateSync } from 'node:zlib';
import { fetchOnLoopback } from '../../http/loopback-fetch.js';

/** The spec: "A largest dimension above 720 pixels is resized so that the largest dimension is 720." */
export const FULL_PICTURE_MAX_SIDE = 720;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PictureSize {
  width: number;
  height: number;
}

/**
 * The size of the PNG at a post's `picture` URL, read from its header; undefined for anything else (another
 * format, a host off loopback, no answer). Only loopback is fetched (`fetchOnLoopback`).
 */
export async function pictureSize(picture: string): Promise<PictureSize | undefined> {
  const response = await fetchOnLoopback(picture);
  if (!response) return undefined;
  try {
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status >= 400 || bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  } catch {
    return undefined;
  }
}

/** The size the full picture is served at: the largest side capped at 720, the aspect ratio kept. */
export function cappedSize({ width, height }: PictureSize): PictureSize {
  const scale = Math.min(1, FULL_PICTURE_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A grey 8-bit greyscale PNG of the given size: what the reference serves as a resized full picture. */
export function greyPng({ width, height }: PictureSize): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(width + 1, 0x80);
  row[0] = 0;
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

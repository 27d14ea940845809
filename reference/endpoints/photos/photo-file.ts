import type { FaultSet } from '../../types.js';
import { imageType } from './image-check.js';

export interface PhotoFile {
  contentType: string;
  data: Buffer;
}

/**
 * The image a published photo shows, with location metadata removed ("Location metadata is removed before
 * publishing"): a JPEG loses its APP1 segments (EXIF, where GPS lives, and XMP). The reference shows other
 * types as uploaded (its own test images carry no location). Under `photos-location-kept` nothing is removed.
 */
export function publishableImage(data: Buffer, faults: FaultSet): PhotoFile {
  const type = imageType(data) ?? 'png';
  const contentType = `image/${type}`;
  if (type !== 'jpeg' || faults.has('photos-location-kept')) return { contentType, data };
  return { contentType, data: withoutApp1(data) };
}

function withoutApp1(data: Buffer): Buffer {
  const kept: Buffer[] = [data.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= data.length && data[at] === 0xff) {
    const marker = data[at + 1]!;
    if (marker === 0xda) break;
    const end = at + 2 + data.readUInt16BE(at + 2);
    if (marker !== 0xe1) kept.push(data.subarray(at, end));
    at = end;
  }
  kept.push(data.subarray(at));
  return Buffer.concat(kept);
}

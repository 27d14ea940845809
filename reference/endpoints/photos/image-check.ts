import { GraphError } from '../../graph-error.js';
import type { FaultSet } from '../../types.js';

/**
 * "Must not exceed 10 MB" (R9: at most 10,000,000 accepted, 10,485,761 and more refused): the reference takes
 * the binary reading, so everything the reading leaves open is accepted.
 */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const TOO_STRICT_BYTES = 5_000_000;
const PNG_RECOMMENDED_BYTES = 1024 * 1024;

const SIGNATURES: Array<[string, number[]]> = [
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['bmp', [0x42, 0x4d]],
  ['tiff', [0x49, 0x49, 0x2a, 0x00]],
  ['tiff', [0x4d, 0x4d, 0x00, 0x2a]],
];

/** The photo type by its magic bytes (never by name or Content-Type), or undefined for other files. */
export function imageType(data: Buffer): string | undefined {
  return SIGNATURES.find(([, bytes]) => bytes.every((byte, i) => data[i] === byte))?.[0];
}

/** Code 324 "Missing or invalid image file". */
export function invalidImage(message: string): GraphError {
  return new GraphError(324, `(#324) ${message}`);
}

export function photoSizeLimit(faults: FaultSet): number {
  if (faults.has('photos-size-limit-ignored')) return Number.POSITIVE_INFINITY;
  return faults.has('photos-size-limit-too-strict') ? TOO_STRICT_BYTES : MAX_PHOTO_BYTES;
}

/** A photo file must be .jpeg, .bmp, .png, .gif or .tiff and not above the size limit; else code 324. */
export function checkImage(data: Buffer, faults: FaultSet): void {
  if (data.length === 0) throw invalidImage('The image file is empty.');
  if (data.length > photoSizeLimit(faults)) {
    throw invalidImage(`The image file is ${data.length} bytes; the limit is 10 MB.`);
  }
  if (imageType(data) === undefined && !faults.has('photos-file-type-unchecked')) {
    throw invalidImage('The file is not a .jpeg, .bmp, .png, .gif or .tiff image.');
  }
  // "For .png files, 1 MB or less is recommended": a recommendation, so a larger .png is taken (under its fault, not).
  if (imageType(data) === 'png' && data.length > PNG_RECOMMENDED_BYTES && faults.has('photos-png-over-1mb-refused')) {
    throw invalidImage(`The .png file is ${data.length} bytes; the limit is 1 MB.`);
  }
}

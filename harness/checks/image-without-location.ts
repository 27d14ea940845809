import type { Exchange } from '../model/index.js';
import { type Check, type CheckFinding, judgedCount } from './check.js';
import { NO_ARGS } from '../validation/json-schema.js';

/**
 * Each answer is an image (by its magic bytes) that carries no location: no EXIF GPS IFD (IFD0 tag 0x8825 in a
 * JPEG APP1 `Exif` segment, or in a TIFF file's IFD0) and no XMP GPS property. An answer that is not an image
 * (an error, a page) judged nothing: the picture could not be fetched.
 */
export const imageWithoutLocation: Check<undefined> = {
  name: 'image-without-location',
  explain: () => 'the fetched image carries no location metadata (EXIF GPS or XMP GPS properties)',
  args: NO_ARGS,
  acceptsAnyBody: true,
  run: (input) => {
    const findings: CheckFinding[] = [];
    let judged = 0;
    input.exchanges.forEach((exchange, i) => {
      const data = bytesOf(exchange);
      const status = exchange.response?.status ?? 0;
      if (!data || status < 200 || status > 299 || !isImage(data)) return;
      judged += 1;
      // Where the file came from is part of the finding: a CDN's copy may differ from the target's own.
      const servedBy = `served by ${new URL(exchange.request.url).origin}`;
      for (const message of locationsIn(data)) findings.push({ message: `${message} (${servedBy})`, exchange: i });
    });
    return judgedCount(findings, judged, 'no answer of the step was an image: the picture could not be fetched');
  },
};

function bytesOf(exchange: Exchange): Buffer | undefined {
  const response = exchange.response;
  if (!response || typeof response.body !== 'string') return undefined;
  return Buffer.from(response.body, response.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

const SIGNATURES = [[0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47], [0x47, 0x49, 0x46, 0x38], [0x42, 0x4d], [0x49, 0x49, 0x2a, 0x00], [0x4d, 0x4d, 0x00, 0x2a], [0x52, 0x49, 0x46, 0x46]];

function isImage(data: Buffer): boolean {
  return SIGNATURES.some((bytes) => bytes.every((byte, i) => data[i] === byte));
}

function locationsIn(data: Buffer): string[] {
  const found: string[] = [];
  if (/GPS(Latitude|Longitude|Altitude|Position)/.test(data.toString('latin1'))) {
    found.push('the image carries XMP GPS properties (GPSLatitude/GPSLongitude)');
  }
  const tiffStarts = data[0] === 0xff ? exifTiffOffsets(data) : data[0] === 0x49 || data[0] === 0x4d ? [0] : [];
  if (tiffStarts.some((start) => hasGpsPointer(data, start))) found.push('the image carries an EXIF GPS IFD (tag 0x8825)');
  return found;
}

/** Where the TIFF header of each JPEG APP1 `Exif\0\0` segment starts. */
function exifTiffOffsets(data: Buffer): number[] {
  const starts: number[] = [];
  let at = 2;
  while (at + 4 <= data.length && data[at] === 0xff) {
    const marker = data[at + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const length = data.readUInt16BE(at + 2);
    if (marker === 0xe1 && data.toString('latin1', at + 4, at + 10) === 'Exif\0\0') starts.push(at + 10);
    at += 2 + length;
  }
  return starts;
}

/** IFD0 of the TIFF structure at `start` holds the GPSInfo pointer. */
function hasGpsPointer(data: Buffer, start: number): boolean {
  if (start + 8 > data.length) return false;
  const little = data.toString('latin1', start, start + 2) === 'II';
  const u16 = (at: number) => (little ? data.readUInt16LE(at) : data.readUInt16BE(at));
  const u32 = (at: number) => (little ? data.readUInt32LE(at) : data.readUInt32BE(at));
  const ifd = start + u32(start + 4);
  if (ifd + 2 > data.length) return false;
  const count = u16(ifd);
  for (let i = 0; i < count && ifd + 2 + i * 12 + 12 <= data.length; i += 1) {
    if (u16(ifd + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

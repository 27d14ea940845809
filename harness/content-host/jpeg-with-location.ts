import { jpeg } from './image-formats.js';

/** A latitude or longitude as the three EXIF rationals (degrees, minutes, seconds). */
const DMS = [48, 1, 51, 1, 2460, 100];

/**
 * The 1x1 JPEG with a camera's location in it, the two ways cameras and editors write one: an EXIF APP1 segment
 * whose IFD0 points (tag 0x8825) to a GPS IFD with latitude and longitude, and an XMP APP1 packet with
 * `exif:GPSLatitude`/`exif:GPSLongitude`. For "Location metadata is removed before publishing".
 */
export function jpegWithLocation(): Buffer {
  const plain = jpeg(0)!;
  return Buffer.concat([plain.subarray(0, 2), app1(exifSegment()), app1(xmpPacket()), plain.subarray(2)]);
}

function app1(payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xffe1, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** `Exif\0\0`, a big-endian TIFF header, IFD0 with one entry (the GPS IFD pointer), the GPS IFD, its rationals. */
function exifSegment(): Buffer {
  const tiff = Buffer.alloc(8 + 18 + 54 + 48);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0 at 8: one entry, GPSInfo (0x8825, LONG) -> the GPS IFD at 26; no next IFD.
  tiff.writeUInt16BE(1, 8);
  entry(tiff, 10, 0x8825, 4, 1, 26);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD at 26: four entries; the six rationals of each coordinate follow at 80 and 104.
  tiff.writeUInt16BE(4, 26);
  entry(tiff, 28, 0x0001, 2, 2, 0x4e000000); // GPSLatitudeRef "N"
  entry(tiff, 40, 0x0002, 5, 3, 80); // GPSLatitude
  entry(tiff, 52, 0x0003, 2, 2, 0x45000000); // GPSLongitudeRef "E"
  entry(tiff, 64, 0x0004, 5, 3, 104); // GPSLongitude
  tiff.writeUInt32BE(0, 76);
  DMS.forEach((value, i) => {
    tiff.writeUInt32BE(value, 80 + i * 4);
    tiff.writeUInt32BE(value, 104 + i * 4);
  });
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

function entry(tiff: Buffer, at: number, tag: number, type: number, count: number, value: number): void {
  tiff.writeUInt16BE(tag, at);
  tiff.writeUInt16BE(type, at + 2);
  tiff.writeUInt32BE(count, at + 4);
  tiff.writeUInt32BE(value, at + 8);
}

function xmpPacket(): Buffer {
  const xml =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.41N" ' +
    'exif:GPSLongitude="2,21.05E"/></rdf:RDF></x:xmpmeta>';
  return Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(xml, 'utf8')]);
}

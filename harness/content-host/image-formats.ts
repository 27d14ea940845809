import { crc32, deflateSync } from 'node:zlib';

/**
 * Smallest valid files of each photo format the spec accepts, each able to grow by `pad` bytes through a
 * block decoders skip. A builder returns undefined when `pad` is below its smallest padding block.
 */
export type ImageBuilder = (pad: number) => Buffer | undefined;

/** 1x1 grey PNG; padding is a private ancillary chunk `gcPd`, which decoders skip. */
export const png: ImageBuilder = (pad) => {
  if (pad > 0 && pad < 12) return undefined;
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
  ]);
  const end = pngChunk('IEND', Buffer.alloc(0));
  // The padding chunk is written in place: a 10 MB upload is one allocation, not four copies of the padding.
  const file = withPadding(head, pad, end);
  if (pad > 0) {
    const data = file.subarray(head.length + 8, head.length + pad - 4);
    file.writeUInt32BE(data.length, head.length);
    file.write('gcPd', head.length + 4, 'latin1');
    file.writeUInt32BE(crc32(data, crc32(Buffer.from('gcPd', 'latin1'))), head.length + pad - 4);
  }
  return file;
};

/** `head`, then `pad` zero bytes for the caller to shape into blocks decoders skip, then `tail`, in one buffer. */
function withPadding(head: Buffer, pad: number, tail: Buffer): Buffer {
  const file = Buffer.alloc(head.length + pad + tail.length);
  head.copy(file, 0);
  tail.copy(file, head.length + pad);
  return file;
}

/** A grey PNG of `width` x `height` pixels (8-bit greyscale): a picture larger than a size cap, say. */
export function pngOfSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(width + 1, 0x80);
  row[0] = 0;
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * 1x1 grey baseline JPEG: one 8x8 block whose DC difference and AC run are both coded by one-symbol Huffman
 * tables (code `0`), so the scan is the bits `00` padded with ones. Padding is COM segments.
 */
export const jpeg: ImageBuilder = (pad) => {
  if (pad > 0 && pad < 4) return undefined;
  const huffman = (tableClass: number) => [0xff, 0xc4, 0, 20, tableClass, 1, ...Array(15).fill(0), 0];
  const soi = [0xff, 0xd8];
  const quantisation = [0xff, 0xdb, 0, 67, 0, ...Array(64).fill(1)];
  // baseline frame: 8-bit, height 1, width 1, one component (id 1, 1x1 sampling, table 0)
  const frame = [0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0];
  const head = Buffer.from([...soi, ...quantisation, ...frame, ...huffman(0x00), ...huffman(0x10)]);
  const scan = Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0x00, 0, 63, 0, 0x3f, 0xff, 0xd9]);
  const sizes = spread(pad, 4, 65537);
  const file = withPadding(head, sizes.reduce((a, b) => a + b, 0), scan);
  let at = head.length;
  for (const size of sizes) {
    // A COM segment: marker, then its length counting the length field itself.
    file.writeUInt16BE(0xfffe, at);
    file.writeUInt16BE(size - 2, at + 2);
    at += size;
  }
  return file;
};

/** 1x1 GIF89a with a two-colour table; padding is one comment extension of 1..255-byte sub-blocks. */
export const gif: ImageBuilder = (pad) => {
  if (pad > 0 && pad < 5) return undefined;
  const head = Buffer.from('GIF89a', 'latin1');
  const screen = [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff];
  // image descriptor, then LZW minimum code size 2 and one sub-block: clear, pixel 0, end
  const image = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0];
  const body = Buffer.from([...screen, ...image]);
  const start = Buffer.concat([head, body]);
  const trailer = Buffer.from([0x3b]);
  if (pad <= 0) return Buffer.concat([start, trailer]);
  const blocks = Math.ceil((pad - 3) / 256);
  const sizes = spread(pad - 3 - blocks, 1, 255, blocks);
  // The comment extension: introducer and label, sub-blocks (a size byte, then that many zeros), a terminator.
  const file = withPadding(start, 3 + sizes.reduce((a, n) => a + 1 + n, 0), trailer);
  let at = start.length;
  file[at++] = 0x21;
  file[at++] = 0xfe;
  for (const n of sizes) {
    file[at] = n;
    at += 1 + n;
  }
  return file;
};

/** 1x1 24-bit BMP; padding trails the pixel row and is counted in the file size field. */
export const bmp: ImageBuilder = (pad) => {
  const file = Buffer.alloc(58 + pad);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  const dib = [40, 1, 1];
  for (const [i, value] of dib.entries()) file.writeUInt32LE(value, 14 + i * 4);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(4, 34);
  file.writeUInt32LE(2835, 38);
  file.writeUInt32LE(2835, 42);
  file.fill(0x80, 54, 57);
  return file;
};

/** 1x1 8-bit grey baseline TIFF (little-endian, uncompressed); padding trails the unreferenced end. */
export const tiff: ImageBuilder = (pad) => {
  const file = Buffer.alloc(175 + pad);
  file.write('II', 0, 'latin1');
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(8, 4);
  // tag, type (3 SHORT, 4 LONG, 5 RATIONAL), value or offset
  // One IFD entry per line: tag, type, count, value.
  const entries: Array<[number, number, number]> = [
    [256, 3, 1], [257, 3, 1], [258, 3, 8], [259, 3, 1], [262, 3, 1], [273, 4, 174],
    [277, 3, 1], [278, 3, 1], [279, 4, 1], [282, 5, 158], [283, 5, 166], [296, 3, 2],
  ];
  file.writeUInt16LE(entries.length, 8);
  for (const [i, [tag, type, value]] of entries.entries()) {
    const at = 10 + i * 12;
    file.writeUInt16LE(tag, at);
    file.writeUInt16LE(type, at + 2);
    file.writeUInt32LE(1, at + 4);
    if (type === 3) file.writeUInt16LE(value, at + 8);
    else file.writeUInt32LE(value, at + 8);
  }
  for (const at of [158, 166]) {
    file.writeUInt32LE(72, at);
    file.writeUInt32LE(1, at + 4);
  }
  file[174] = 0x80;
  return file;
};

/** Splits `total` into parts of `min..max` (into `count` parts when given), as evenly as possible. */
function spread(total: number, min: number, max: number, count?: number): number[] {
  if (total <= 0) return [];
  const parts = count ?? Math.ceil(total / max);
  const base = Math.floor(total / parts);
  const sizes = Array.from({ length: parts }, (_, i) => base + (i < total % parts ? 1 : 0));
  return sizes.every((n) => n >= min && n <= max) ? sizes : [];
}

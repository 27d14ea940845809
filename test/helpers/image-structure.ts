import { crc32, inflateSync } from 'node:zlib';
import type { ImageFormat } from '../../harness/content-host/index.js';

/**
 * Structural readers for the content host's images: each walks the whole file the way a decoder would and
 * returns the pixel size, or throws where the file breaks its format.
 */
export function readPng(file: Buffer): { width: number; height: number } {
  if (!file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('sig');
  let at = 8;
  let size = { width: 0, height: 0 };
  const idat: Buffer[] = [];
  for (;;) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const data = file.subarray(at + 8, at + 8 + length);
    if (crc32(file.subarray(at + 4, at + 8 + length)) !== file.readUInt32BE(at + 8 + length))
      throw new Error(`crc ${type}`);
    if (type === 'IHDR') size = { width: data.readUInt32BE(0), height: data.readUInt32BE(4) };
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
    if (type === 'IEND') break;
  }
  if (at !== file.length) throw new Error('bytes after IEND');
  if (inflateSync(Buffer.concat(idat)).length !== size.height * (size.width + 1)) throw new Error('pixels');
  return size;
}

export function readJpeg(file: Buffer): { width: number; height: number } {
  if (file.readUInt16BE(0) !== 0xffd8) throw new Error('SOI');
  let at = 2;
  let size = { width: 0, height: 0 };
  for (;;) {
    const marker = file.readUInt16BE(at);
    const length = file.readUInt16BE(at + 2);
    if ((marker & 0xff00) !== 0xff00 || length < 2) throw new Error(`segment at ${at}`);
    if (marker === 0xffc0) size = { height: file.readUInt16BE(at + 5), width: file.readUInt16BE(at + 7) };
    at += 2 + length;
    if (marker === 0xffda) break;
  }
  const end = file.indexOf(Buffer.from([0xff, 0xd9]), at);
  if (end !== file.length - 2) throw new Error('EOI');
  return size;
}

export function readGif(file: Buffer): { width: number; height: number } {
  if (file.toString('latin1', 0, 6) !== 'GIF89a') throw new Error('sig');
  const size = { width: file.readUInt16LE(6), height: file.readUInt16LE(8) };
  let at = 13 + (file[10]! & 0x80 ? 3 * 2 ** ((file[10]! & 7) + 1) : 0);
  const subBlocks = () => {
    while (file[at] !== 0) at += 1 + file[at]!;
    at += 1;
  };
  while (file[at] !== 0x3b) {
    if (file[at] === 0x21) {
      at += 2;
      subBlocks();
    } else if (file[at] === 0x2c) {
      at += 10 + 1;
      subBlocks();
    } else throw new Error(`block at ${at}`);
  }
  if (at !== file.length - 1) throw new Error('trailer');
  return size;
}

export function readBmp(file: Buffer): { width: number; height: number } {
  if (file.toString('latin1', 0, 2) !== 'BM' || file.readUInt32LE(2) !== file.length)
    throw new Error('header');
  if (file.readUInt32LE(10) + file.readUInt32LE(34) > file.length) throw new Error('pixels');
  return { width: file.readInt32LE(18), height: file.readInt32LE(22) };
}

export function readTiff(file: Buffer): { width: number; height: number } {
  if (file.toString('latin1', 0, 4) !== 'II*\0') throw new Error('header');
  const ifd = file.readUInt32LE(4);
  const tags = new Map<number, number>();
  for (let i = 0; i < file.readUInt16LE(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const type = file.readUInt16LE(at + 2);
    tags.set(file.readUInt16LE(at), type === 3 ? file.readUInt16LE(at + 8) : file.readUInt32LE(at + 8));
  }
  if ((tags.get(273) ?? Infinity) + (tags.get(279) ?? 0) > file.length) throw new Error('strip');
  return { width: tags.get(256) ?? 0, height: tags.get(257) ?? 0 };
}

/** The reader of each format the content host serves, and those formats. */
export const IMAGE_READERS: Record<ImageFormat, (file: Buffer) => { width: number; height: number }> = {
  png: readPng,
  jpeg: readJpeg,
  gif: readGif,
  bmp: readBmp,
  tiff: readTiff,
};
export const IMAGE_FORMATS = Object.keys(IMAGE_READERS) as ImageFormat[];

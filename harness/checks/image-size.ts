import type { Exchange } from '../model/index.js';
import { NUMBER, object } from '../validation/json-schema.js';
import type { Check, CheckFinding } from './check.js';

export interface ImageSizeArgs {
  max_side: number;
}

interface Size {
  width: number;
  height: number;
  format: string;
}

/**
 * Each answer is an image whose largest side is at most `max_side` pixels (a post's `full_picture`, fetched from
 * the URL the target gave). An answer that is not a 2xx PNG, JPEG, GIF or BMP judged nothing: the picture could
 * not be fetched or read, which says nothing about its size.
 */
export const imageSize: Check<ImageSizeArgs> = {
  name: 'image-size',
  acceptsAnyBody: true,
  explain: (args) => `the image's largest side is at most ${args.max_side} px`,
  args: object({ max_side: NUMBER }, ['max_side']),
  run: (input, args) => {
    const findings: CheckFinding[] = [];
    let judged = 0;
    const unread: string[] = [];
    input.exchanges.forEach((exchange, i) => {
      const status = exchange.response?.status ?? 0;
      const size = status >= 200 && status < 300 ? readSize(bytesOf(exchange)) : undefined;
      if (!size) {
        unread.push(`${exchange.request.url} answered ${status || 'nothing'}${status ? ' without a PNG, JPEG, GIF or BMP image' : ''}`);
        return;
      }
      judged += 1;
      const side = Math.max(size.width, size.height);
      if (side > args.max_side) {
        findings.push({
          message: `the ${size.format} image served by ${new URL(exchange.request.url).origin} is ${size.width} x ${size.height} px: its largest side is above ${args.max_side} px`,
          exchange: i,
        });
      }
    });
    return judged === 0
      ? { findings, judged, nothingJudged: `the picture could not be fetched or read (${unread.join('; ')})` }
      : { findings, judged };
  },
};

function bytesOf(exchange: Exchange): Buffer {
  const body = exchange.response?.body ?? '';
  return Buffer.from(body, exchange.response?.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

/** Width and height from the header of a PNG, GIF, BMP or baseline/progressive JPEG; undefined otherwise. */
export function readSize(b: Buffer): Size | undefined {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('latin1', 12, 16) === 'IHDR') {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), format: 'PNG' };
  }
  if (b.length >= 10 && b.toString('latin1', 0, 3) === 'GIF') {
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8), format: 'GIF' };
  }
  if (b.length >= 26 && b.toString('latin1', 0, 2) === 'BM') {
    return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)), format: 'BMP' };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  return undefined;
}

function jpegSize(b: Buffer): Size | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    const length = b.readUInt16BE(at + 2);
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7), format: 'JPEG' };
    }
    at += 2 + length;
  }
  return undefined;
}

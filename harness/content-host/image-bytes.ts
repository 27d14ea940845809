import { UserInputError } from '../errors.js';
import { bmp, gif, type ImageBuilder, jpeg, png, tiff } from './image-formats.js';

/** The photo file types the spec lists (.jpeg, .bmp, .png, .gif, .tiff). */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff';

export const IMAGE_FORMATS: Record<
  ImageFormat,
  { contentType: string; extension: string; build: ImageBuilder }
> = {
  png: { contentType: 'image/png', extension: 'png', build: png },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', build: jpeg },
  gif: { contentType: 'image/gif', extension: 'gif', build: gif },
  bmp: { contentType: 'image/bmp', extension: 'bmp', build: bmp },
  tiff: { contentType: 'image/tiff', extension: 'tiff', build: tiff },
};

/**
 * A valid 1x1 image of `format`, exactly `bytes` long when given (padding decoders skip). Throws
 * UserInputError when `bytes` is below the smallest file of that format or inside a gap no padding block fits.
 */
export function imageBytes(format: ImageFormat, bytes?: number): Buffer {
  const { build } = IMAGE_FORMATS[format];
  const smallest = build(0) as Buffer;
  if (bytes === undefined) return smallest;
  if (!Number.isSafeInteger(bytes) || bytes < smallest.length) {
    throw new UserInputError(
      'USAGE',
      `image ${format}: ${bytes} bytes asked, the smallest is ${smallest.length}`,
    );
  }
  const image = build(bytes - smallest.length);
  if (!image) {
    throw new UserInputError(
      'USAGE',
      `image ${format}: ${bytes} bytes cannot be reached exactly; ask for a few more`,
    );
  }
  return image;
}

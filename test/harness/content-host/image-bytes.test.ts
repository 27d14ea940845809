import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageBytes } from '../../../harness/content-host/index.js';
import { UserInputError } from '../../../harness/errors.js';
import { IMAGE_FORMATS, IMAGE_READERS } from '../../helpers/image-structure.js';

// The files the content host serves, built in memory; serving them is content-host.integration.test.ts.

describe('imageBytes', () => {
  it('makes a valid 1x1 file of any reachable size', () => {
    fc.assert(
      fc.property(fc.constantFrom(...IMAGE_FORMATS), fc.integer({ min: 0, max: 150_000 }), (format, extra) => {
        const size = imageBytes(format).length + (extra === 0 ? 0 : 12 + extra);
        const file = imageBytes(format, size);
        expect(file.length).toBe(size);
        expect(IMAGE_READERS[format](file)).toEqual({ width: 1, height: 1 });
      }),
      { numRuns: 60 },
    );
  });

  it('refuses sizes below the smallest file or in a gap no padding block fits', () => {
    expect(() => imageBytes('png', 10)).toThrow(UserInputError);
    expect(() => imageBytes('png', imageBytes('png').length + 3)).toThrow(/cannot be reached exactly/);
  });
});

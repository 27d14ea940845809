import type { ScalarTag } from 'yaml';
import { isBase64 } from '../http/stored-body.js';

/**
 * YAML's `!!binary` (vcrpy keeps bodies so), refusing text that is not base64: the yaml package's own tag hands it
 * to Node's decoder, which skips what it does not know and imports garbage without a word.
 */
export const strictBinary: ScalarTag = {
  identify: (value) => value instanceof Uint8Array,
  default: false,
  tag: 'tag:yaml.org,2002:binary',
  resolve(src, onError) {
    if (!isBase64(src)) {
      onError('!!binary holds text that is not base64');
      return src;
    }
    return Buffer.from(src, 'base64');
  },
};

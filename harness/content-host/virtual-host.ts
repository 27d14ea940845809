import type { ContentHost } from './start-content-host.js';
import { IMAGE_FORMATS } from './image-bytes.js';

/**
 * The content host of a recorded run, for an offline repeat: the same addresses, nobody listening (a replayed
 * target fetches nothing). The paths follow `startContentHost` exactly, so requests match the cassette.
 */
export function virtualContentHost(url: string, unreachable: string): ContentHost {
  return {
    url,
    pageUrl: (name) => `${url}/pages/${encodeURIComponent(name)}`,
    imageUrl: (name, { format }) => `${url}/images/${encodeURIComponent(name)}.${IMAGE_FORMATS[format].extension}`,
    sizedPngUrl: (name) => `${url}/images/${encodeURIComponent(name)}.png`,
    unreachableUrl: () => unreachable,
    requests: () => [],
    close: async () => {},
  };
}

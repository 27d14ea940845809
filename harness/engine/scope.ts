import type { Scope } from '../suite/template.js';
import type { RunContext } from './run-context.js';

/** The names templates can use in a rule: profile parts, the content host, generated and captured values. */
export function baseScope(ctx: RunContext): Scope {
  const { profile, host } = ctx;
  return {
    profile,
    app: profile.app,
    fixtures: profile.fixtures,
    versions: profile.versions,
    run: { version: ctx.version ?? '' },
    // The run's webhook receiver (`receiver.callback`, `receiver.verify_token`): filled once a webhook step ran.
    receiver: ctx.webhooks.view,
    host: {
      url: host.url,
      page: host.pageUrl('linked-page'),
      page2: host.pageUrl('linked-page-2'),
      unreachable: host.unreachableUrl(),
      png: host.imageUrl('picture', { format: 'png' }),
      // The other photo file types the spec lists, for photo `url` and comment attachment URLs (a GIF share).
      jpeg: host.imageUrl('picture', { format: 'jpeg' }),
      gif: host.imageUrl('picture', { format: 'gif' }),
      bmp: host.imageUrl('picture', { format: 'bmp' }),
      tiff: host.imageUrl('picture', { format: 'tiff' }),
      // A PNG larger than the 720 px cap on a post's `full_picture` (1440 x 960).
      png_large: host.sizedPngUrl('large-picture', 1440, 960),
    },
  };
}

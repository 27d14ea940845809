import type { ContentHost } from '../content-host/index.js';
import type { Scope } from '../suite/template.js';
import type { RunContext, TargetSession } from './run-context.js';

/**
 * The content host's part of the scope, built once per host: every rule's scope used to add the same pages and
 * images again, a 1440 x 960 PNG deflated each time among them.
 */
const hostScopes = new WeakMap<ContentHost, Record<string, string>>();

/**
 * The names templates can use in a rule: profile parts, the content host, generated and captured values. A run
 * without a target (`webhook-test`) has only what the rule generates and captures.
 */
export function baseScope(ctx: RunContext): Scope {
  return ctx.target ? targetScope(ctx.target) : {};
}

function targetScope(target: TargetSession): Scope {
  const { profile, host } = target;
  let hosted = hostScopes.get(host);
  if (!hosted) hostScopes.set(host, (hosted = hostScope(host)));
  return {
    profile,
    app: profile.app,
    fixtures: profile.fixtures,
    versions: profile.versions,
    run: { version: target.version ?? '' },
    // The run's webhook receiver (`receiver.callback`, `receiver.verify_token`): filled once a webhook step ran.
    receiver: target.webhooks.view,
    host: hosted,
  };
}

function hostScope(host: ContentHost): Record<string, string> {
  // Shared by every rule's scope: frozen, so no step can change what the next rule sees.
  return Object.freeze({
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
  });
}

/**
 * `{{unique}}`: a name part no other execution of the rule's steps shares (the rule's seed and the execution's
 * number), for objects a target may refuse to create twice: a second property run, or a second run of the suite
 * against a target without `reset`. The same seed gives the same names, so replays and offline repeats match.
 * `unique_number` is the same as a whole number, where a value must be an integer (a webhook `hub.challenge`).
 */
export function withUnique(base: Scope, seed: number, execution: number): Scope {
  return { ...base, unique: `${seed.toString(36)}_${execution}`, unique_number: seed * 1000 + (execution % 1000) };
}

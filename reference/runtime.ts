import { createVirtualClock, type ResettableClock } from './clock.js';
import { ENDPOINT_GROUPS } from './endpoints/index.js';
import { stableSecret } from './fixtures.js';
import { createRouteTable, type RouteMatch } from './http/route-table.js';
import { createRateLimits, type RequestKey } from './rate-limits.js';
import { buildProfile } from './profile.js';
import { createStateStore, type ResettableStateStore } from './state-store.js';
import type { AppSettings, EndpointGroup, FaultSet, FixtureSet, RefContext, UnixSeconds } from './types.js';
import { type ClientCertificate, createWebhookService } from './webhook-seam.js';

/** How one reference is set up beyond its faults. */
export interface RuntimeOptions {
  /** Presented on every callback connection (mTLS); its common name is named in the profile. */
  mtls?: { cn: string; clientCert: ClientCertificate };
  /** `empty`: no seeded posts, photos, comments or templates (default `full`). */
  fixtures?: FixtureSet;
  /** Every Nth photos read of a Page answers 80001, every Nth template call of an account 80008 (`rate-limits.ts`). */
  rateLimitEvery?: number;
  /** Where the clock starts and where `reset` puts it back (default `CLOCK_START`): a session starts at its target's time. */
  clockStart?: UnixSeconds;
  /** Where the media origin is, when pictures and photo files are served from one of their own (`Route.media`). */
  mediaUrl?: string;
}

/** Everything one running reference owns. Nothing is module-global, so several can share a process. */
export interface Runtime {
  ctx: RefContext;
  clock: ResettableClock;
  store: ResettableStateStore;
  match(method: string, path: string): RouteMatch | null;
  /** Throws the rate-limit error when the switch limits this call; nothing otherwise. */
  rateLimit(method: string, path: string, request: RequestKey): void;
  /** Deterministic `fbtrace_id`s: stable across runs, different per answer. */
  traceId(): string;
}

export function createRuntime(
  baseUrl: string,
  faults: FaultSet,
  groups: EndpointGroup[] = ENDPOINT_GROUPS,
  options: RuntimeOptions = {},
): Runtime {
  const clock = createVirtualClock(options.clockStart);
  const store = createStateStore();
  const settings: AppSettings = { live: true, trustedCaPems: [] };
  const profile = buildProfile(baseUrl, options.mtls?.cn, faults);
  const webhooks = createWebhookService({
    now: () => clock.now(),
    appId: profile.app.id,
    appSecret: profile.app.secret,
    isLive: () => settings.live,
    fault: (name) => faults.has(name),
    trustedCaPems: () => [...settings.trustedCaPems],
    pageInstallRequired: true,
    ...(options.mtls ? { clientCert: options.mtls.clientCert } : {}),
  });
  const fixtures = options.fixtures ?? 'full';
  const mediaUrl = options.mediaUrl ?? baseUrl;
  const ctx: RefContext = { clock, faults, baseUrl, mediaUrl, profile, state: store, settings, webhooks, fixtures };
  store.bind(ctx);
  // Contract §2: before an advance answers, everything due by the new time has happened.
  clock.onAdvance(async (now) => {
    for (const group of groups) await group.onAdvance?.(ctx, now);
    await webhooks.runDue(now);
    await webhooks.idle();
  });
  const table = createRouteTable(groups.flatMap((group) => group.routes));
  let traces = 0;
  return {
    ctx,
    clock,
    store,
    match: (method, path) => table(method, path, ctx),
    rateLimit: createRateLimits(options.rateLimitEvery),
    traceId: () => {
      traces += 1;
      return stableSecret('A', `trace-${traces}`, 22);
    },
  };
}

import { GraphClient } from '../client/graph-client.js';
import type { OriginPolicy } from '../client/origin-policy.js';
import type { RateLimitPolicy } from '../client/rate-limit.js';
import type { TargetLink } from '../client/target-link.js';
import { ClockMemory } from '../control/clock-memory.js';
import { ControlClient } from '../control/control-client.js';
import type { Profile } from '../profile/profile.js';
import { SessionPool } from '../sessions/index.js';
import type { TargetSession } from '../engine/run-context.js';

/** What the run's clients share with its sessions' clients: where they may send, the pool, the waits' bound. */
export interface SessionLinks {
  timeoutMs: number;
  origins: OriginPolicy;
  link: TargetLink;
  rateLimits: RateLimitPolicy;
  onOpened?(profile: Profile): void;
  onGiveUp?(why: string): void;
}

/**
 * The run's sessions (contract §2.1), when the target serves them: each a target session of its own, built from
 * the session's profile. What preflight found, the content host, the version prefix and the never-issued token are
 * the run's; the clients, the clock memory and the webhook side (a route of the run's receiver) are the session's.
 */
export function sessionsOf(run: TargetSession, links: SessionLinks): SessionPool<TargetSession> {
  const { timeoutMs, origins, link, rateLimits } = links;
  return new SessionPool<TargetSession>({
    endpoint: { controlUrl: run.profile.control_url!, timeoutMs, origins, link },
    target: run.profile,
    origins,
    build: (profile, name) => {
      const control = new ControlClient({ profile, timeoutMs, clock: new ClockMemory(), origins, link });
      const { sessions: _none, ...shared } = run;
      return {
        ...shared,
        profile,
        client: new GraphClient({ profile, timeoutMs, origins, link, rateLimits }),
        control,
        webhooks: run.webhooks.forSession(name, profile, control),
      };
    },
    dispose: (world) => world.webhooks.close(),
    ...(links.onOpened ? { onOpened: links.onOpened } : {}),
    ...(links.onGiveUp ? { onGiveUp: links.onGiveUp } : {}),
  });
}

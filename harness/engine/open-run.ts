import { randomBytes } from 'node:crypto';
import { GraphClient } from '../client/graph-client.js';
import { type ContentHost, startContentHost } from '../content-host/index.js';
import { ControlClient } from '../control/control-client.js';
import type { Profile } from '../profile/profile.js';
import type { RunContext } from './run-context.js';
import { preflight } from './preflight.js';

export interface OpenRunOptions {
  profile: Profile;
  timeoutMs: number;
  seed: number;
  runs: number;
  /** `latest` (default), `none` for bare paths, or a version such as v24.0. */
  versionPrefix: string;
  targetArgs: string;
  /** The content host to use (an offline repeat passes the recorded one); default: start one. */
  host?: ContentHost;
  /** The never-issued token to use (an offline repeat passes the recorded one); default: a random one. */
  unissuedToken?: string;
}

/** Builds the clients and the content host, then runs preflight. `close()` stops what it started. */
export async function openRun(options: OpenRunOptions): Promise<{ ctx: RunContext; close(): Promise<void> }> {
  const { profile } = options;
  const evidence = { sink: [] as RunContext['evidence']['sink'] };
  const client = new GraphClient(profile, options.timeoutMs);
  const control = new ControlClient(profile, options.timeoutMs, (exchange) => evidence.sink.push(exchange));
  const host = options.host ?? (await startContentHost({ host: profile.webhooks.receiver_host }));
  try {
    const version = resolvePrefix(options.versionPrefix, profile);
    const setupProblems = await preflight(profile, client, control, version);
    const ctx: RunContext = {
      profile,
      client,
      control,
      host,
      version,
      seed: options.seed,
      runs: options.runs,
      unissuedToken: options.unissuedToken ?? `GCKunissued${randomBytes(12).toString('hex')}`,
      setupProblems,
      evidence,
      targetArgs: options.targetArgs,
    };
    return { ctx, close: () => host.close() };
  } catch (error) {
    await host.close();
    throw error;
  }
}

function resolvePrefix(prefix: string, profile: Profile): string | null {
  if (prefix === 'none') return null;
  if (prefix === 'latest') return profile.versions.latest;
  return prefix;
}
